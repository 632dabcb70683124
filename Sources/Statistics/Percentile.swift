/// The one percentile convention of FrameBench: nearest rank.
///
/// `percentile(q)` of `n` sorted samples is the sample of rank
/// `max(1, ⌈q × n⌉)` (1-based): the smallest sample with at least a fraction
/// `q` of the samples at or below it. Every figure is therefore a value that
/// was really measured, never an interpolation; the median (`q = 0.5`) of an
/// even count is the lower of the two middle samples. Every median and
/// percentile the project reports (latencies, paired ratios, the parallel
/// crossover, a stream's nominal frame duration) uses this function.
public enum Percentile {
    /// The 0-based index of the nearest-rank `q` percentile among `count`
    /// sorted samples, for `q` in 0 ... 1.
    /// - Precondition: `count > 0`.
    public static func index(_ q: Double, count: Int) -> Int {
        precondition(count > 0, "no samples")
        let rank = Int((q * Double(count)).rounded(.up))
        return Swift.min(Swift.max(rank, 1), count) - 1
    }

    /// The nearest-rank `q` percentile of `sorted` (ascending); nil when empty.
    public static func of<Value: Comparable>(sorted: [Value], _ q: Double) -> Value? {
        sorted.isEmpty ? nil : sorted[index(q, count: sorted.count)]
    }

    /// The nearest-rank median of `values` (any order; the lower middle
    /// sample of an even count); nil when empty.
    public static func median<Value: Comparable>(_ values: [Value]) -> Value? {
        of(sorted: values.sorted(), 0.5)
    }
}
