/// Order statistics of a set of measurements (nanoseconds, ratios, ...),
/// with the project's one percentile convention (`Percentile`: nearest rank).
public struct Distribution: Sendable, Equatable {
    /// The samples in ascending order (never empty).
    public let sorted: [Double]

    /// The distribution of `samples`; nil when there are none.
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        sorted = samples.sorted()
    }

    /// Number of samples.
    public var count: Int { sorted.count }
    /// The smallest sample.
    public var min: Double { sorted[0] }
    /// The largest sample.
    public var max: Double { sorted[sorted.count - 1] }
    /// The arithmetic mean.
    public var mean: Double { sorted.reduce(0, +) / Double(sorted.count) }
    /// The median (`percentile(0.5)`; for an even count, the lower middle sample).
    public var median: Double { percentile(0.5) }
    /// The 90th percentile.
    public var p90: Double { percentile(0.9) }
    /// The 99th percentile (equal to `max` below 100 samples).
    public var p99: Double { percentile(0.99) }

    /// The nearest-rank percentile for `q` in 0 ... 1.
    public func percentile(_ q: Double) -> Double {
        sorted[Percentile.index(q, count: sorted.count)]
    }

    /// A distribution-free confidence interval for the population median:
    /// the order statistics `[x(k), x(n+1-k)]` (1-based) with the largest
    /// `k` whose coverage, from the binomial distribution with p = ½, is at
    /// least `confidence`. It holds for any continuous distribution of
    /// independent samples. Below six samples no such `k` exists at 95 %
    /// and the interval is the whole range (coverage `1 − 2^(1−n)`).
    public func medianInterval(confidence: Double = 0.95) -> ClosedRange<Double> {
        let k = MedianInterval.rank(count: count, confidence: confidence)
        return sorted[k - 1]...sorted[count - k]
    }
}
