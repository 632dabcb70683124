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
    /// ratios with its sign-test interval (95 % from 6 pairs, the whole
    /// range below).
    public let cpu: RatioEstimate
    /// Whether there are pairs enough for `cpu`'s interval to reach 95 %
    /// (6; `MedianInterval.reachesConfidence`).
    public let isConclusive: Bool
    /// `cpu` judged at the gate's threshold; `.same` when not `isConclusive`.
    public let verdict: Verdict

    /// Whether the harness fails the gate: slower beyond the threshold with
    /// the whole interval.
    public var fails: Bool { verdict == .slower }
}
