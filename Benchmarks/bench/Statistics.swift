/// Order statistics of a set of per-frame measurements (nanoseconds or
/// ratios). Percentiles are nearest-rank: `p(q)` is the smallest sample
/// with at least a fraction `q` of the samples at or below it, so every
/// figure reported is a value that was really measured.
struct Distribution: Sendable {
    /// The samples in ascending order (never empty).
    let sorted: [Double]

    /// The distribution of `samples`; nil when there are none.
    init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        sorted = samples.sorted()
    }

    /// Number of samples.
    var count: Int { sorted.count }
    /// The smallest sample.
    var min: Double { sorted[0] }
    /// The largest sample.
    var max: Double { sorted[sorted.count - 1] }
    /// The arithmetic mean (reported only where a tool expects it, e.g. `cpu_time`).
    var mean: Double { sorted.reduce(0, +) / Double(sorted.count) }
    /// The median (`percentile(0.5)`; for an even count, the lower middle sample).
    var median: Double { percentile(0.5) }
    /// The 90th percentile.
    var p90: Double { percentile(0.9) }
    /// The 99th percentile (equal to `max` below 100 samples).
    var p99: Double { percentile(0.99) }

    /// Nearest-rank percentile for `q` in 0 ... 1.
    func percentile(_ q: Double) -> Double {
        let rank = Int((q * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
}

/// Ratios of two series measured side by side.
enum PairedRatio {
    /// The median of `numerator[i] / denominator[i]` over the iterations
    /// both series have: each pair was measured in the same round, moments
    /// apart, so machine drift (frequency, other load) cancels pair by pair.
    /// Nil when there is no pair with a positive denominator.
    static func median(_ numerator: [Double], over denominator: [Double]) -> Double? {
        let ratios = zip(numerator, denominator).compactMap { $1 > 0 ? $0 / $1 : nil }
        return Distribution(ratios)?.median
    }
}
