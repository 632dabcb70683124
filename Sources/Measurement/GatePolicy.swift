import Statistics

/// What the gate makes of one measurement of a cell.
public enum GateDecision: Sendable, Equatable {
    /// Within its limit (or, for a thread check, clearly on several threads).
    case pass
    /// Beyond its limit in both measurements, with the whole interval.
    case fail
    /// Beyond its limit with the whole interval in the first measurement:
    /// measure the cell again before deciding.
    case remeasure
    /// Not in the baseline: shown, not gated.
    case notGated
}

/// The gate's rules, as pure functions of baselines and measurements (no
/// timing and no I/O): a cell fails only when the whole 95 % interval of
/// its measured ratio lies beyond the limit, twice.
public struct GatePolicy: Sendable {
    /// Allowed slowdown over the baseline ratio (0.25: 25 %).
    public var tolerance: Double
    /// Least process CPU time ÷ wall time of a conversion that counts as
    /// having run on more than one thread. `parallel` at 1920×1080 measured
    /// 1.6–1.8 on the 2-core benchmark VMs; on one thread it is about 1.
    public var threadedCPUShare: Double

    /// A policy allowing `tolerance` over the baseline and requiring
    /// `threadedCPUShare` of a threaded conversion.
    public init(tolerance: Double = 0.25, threadedCPUShare: Double = 1.2) {
        self.tolerance = tolerance
        self.threadedCPUShare = threadedCPUShare
    }

    /// The largest ratio a cell with baseline ratio `baseline` may have.
    public func limit(baseline: Double) -> Double { baseline * (1 + tolerance) }

    /// The decision on a cell whose baseline ratio is `baseline` (nil: not
    /// in the baseline) from its measured CPU-time ratio to libyuv, and from
    /// the first measurement `earlier` when this is the second.
    public func decide(baseline: Double?, measured: RatioEstimate, earlier: RatioEstimate? = nil) -> GateDecision {
        guard let baseline else { return .notGated }
        let limit = limit(baseline: baseline)
        guard measured.lower > limit else { return .pass }
        guard let earlier else { return .remeasure }
        return earlier.lower > limit ? .fail : .pass
    }

    /// The decision on whether a converter expected to split its frames
    /// across threads did so, from its per-round CPU ÷ wall time `share`
    /// (and the first measurement's, `earlier`, on the second): it lost its
    /// threads only when the whole interval lies below `threadedCPUShare`.
    public func decideThreads(share: RatioEstimate, earlier: RatioEstimate? = nil) -> GateDecision {
        guard share.upper < threadedCPUShare else { return .pass }
        guard let earlier else { return .remeasure }
        return earlier.upper < threadedCPUShare ? .fail : .pass
    }
}
