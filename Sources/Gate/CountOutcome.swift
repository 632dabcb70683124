import Reports

/// What the gate concluded about one converter's instructions per frame in
/// one cell at one SIMD level, head against reference (`CountComparison`).
public struct CountOutcome: Sendable, Equatable {
    /// How the count came out.
    public enum Kind: Sendable, Equatable {
        /// Counted by both: instructions per frame of each.
        case compared(head: Double, reference: Double)
        /// Only the head counted it: shown, not gated.
        case new
        /// Only the reference counted it.
        case missing
    }

    /// Which way a compared count moved, judged at the threshold.
    public enum Verdict: Sendable, Equatable {
        /// More than `1 + threshold` times the reference's.
        case more
        /// Less than `1 - threshold` times the reference's.
        case fewer
        /// Within the threshold either way.
        case same
    }

    /// The cell.
    public let cell: EntryCell
    /// The SIMD level both processes ran at.
    public let level: String
    /// How it came out.
    public let kind: Kind
    /// Whether the converter is a control (`CountPlan.controls`): its
    /// count moves only when the harness does, and it is judged by
    /// `CountComparison.controlTolerance` in the harness's check.
    public let isControl: Bool
    /// The verdict (`.same` unless compared).
    public let verdict: Verdict

    /// An outcome for `cell` at `level`.
    public init(cell: EntryCell, level: String, kind: Kind, isControl: Bool, verdict: Verdict) {
        self.cell = cell
        self.level = level
        self.kind = kind
        self.isControl = isControl
        self.verdict = verdict
    }

    /// head ÷ reference − 1 (0.02 is 2 % more instructions); nil unless compared.
    public var change: Double? {
        guard case .compared(let head, let reference) = kind, reference > 0 else { return nil }
        return head / reference - 1
    }

    /// Whether the count fails the gate: a converter (not a control) that
    /// executes more instructions per frame than `1 + threshold` times the
    /// reference's, or that the reference counted and the head did not.
    public var fails: Bool {
        guard !isControl else { return false }
        switch kind {
        case .compared: return verdict == .more
        case .new: return false
        case .missing: return true
        }
    }
}
