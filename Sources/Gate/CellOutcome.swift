import Reports
import Statistics

/// What the gate concluded about one cell from the head's and the
/// reference's processes.
public struct CellOutcome: Sendable, Equatable {
    /// How a cell came out.
    public enum Kind: Sendable, Equatable {
        /// Measured by both: head ÷ reference of the per-process CPU times,
        /// of the times relative to the cell's yardstick in the same process
        /// (a converter's CPU time to libyuv's, libyuv's time to the
        /// floor's; nil when a report has none) and of the median wall
        /// times (shown), and the verdict (`GateComparison`).
        case compared(cpu: RatioEstimate, relative: RatioEstimate?, wall: RatioEstimate, verdict: Verdict)
        /// The reference's processes did not measure the cell: shown, not gated.
        case new
        /// The reference measured the cell and the head did not (`reason`:
        /// why, as the head's report gives it).
        case missing(reason: String)
        /// Only the head measured the cell, in a layout the reference's
        /// `bench` cannot measure (`reason` says why): not gated; shown with
        /// each head process's median per-round ratio of its time to its
        /// floor's in the same cell (`headFloorRatios`, in process order).
        case notGated(reason: String, headFloorRatios: [Double])
    }

    /// The cell.
    public let cell: EntryCell
    /// How it came out.
    public let kind: Kind

    /// An outcome for `cell`.
    public init(cell: EntryCell, kind: Kind) {
        self.cell = cell
        self.kind = kind
    }

    /// Whether the cell fails the gate: slower beyond the threshold with
    /// the whole interval, or measured by the reference but not by the head
    /// for any reason other than not offering the cell.
    public var fails: Bool {
        switch kind {
        case .compared(_, _, _, let verdict): verdict == .slower
        case .new, .notGated: false
        case .missing(let reason): reason != "unsupported"
        }
    }
}
