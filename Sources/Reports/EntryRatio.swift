import Statistics

/// A ratio as a report entry holds it: the median of per-round (or
/// per-pass) ratios with its 95 % interval.
public struct EntryRatio: Equatable, Sendable {
    /// The median.
    public let median: Double
    /// The interval's lower end.
    public let lower: Double
    /// The interval's upper end.
    public let upper: Double

    /// The ratio `median` with its `[lower, upper]` `interval`; nil unless
    /// both are there.
    public init?(_ median: Double?, _ interval: [Double]?) {
        guard let median, let interval, interval.count == 2 else { return nil }
        (self.median, lower, upper) = (median, interval[0], interval[1])
    }

    /// The figures of `estimate`.
    public init(_ estimate: RatioEstimate) {
        (median, lower, upper) = (estimate.median, estimate.lower, estimate.upper)
    }
}
