/// A ratio as a report entry holds it: the median of per-round (or
/// per-pass) ratios with its 95 % interval.
struct Estimate: Equatable {
    /// The median.
    let median: Double
    /// The interval's lower end.
    let lower: Double
    /// The interval's upper end.
    let upper: Double

    /// The estimate of `median` and its `[lower, upper]` `interval`; nil
    /// unless both are there.
    init?(_ median: Double?, _ interval: [Double]?) {
        guard let median, let interval, interval.count == 2 else { return nil }
        (self.median, lower, upper) = (median, interval[0], interval[1])
    }
}
