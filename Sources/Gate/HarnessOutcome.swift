import Reports
import Statistics

/// What the gate concluded about the harness: libyuv, the same library in
/// both builds, over all its gated cells at once
/// (`GateComparison.harness(head:reference:)`).
public struct HarnessOutcome: Sendable, Equatable {
    /// The libyuv cells every process measured, whose times were averaged.
    public let cells: [EntryCell]
    /// Head ÷ reference of each process's geometric mean of libyuv's CPU
    /// time per frame over `cells`, pair by pair: the median of the pairs'
    /// ratios with its 95 % interval.
    public let cpu: RatioEstimate
    /// `cpu` judged at the gate's threshold.
    public let verdict: Verdict

    /// Whether the harness fails the gate: slower beyond the threshold with
    /// the whole interval.
    public var fails: Bool { verdict == .slower }
}
