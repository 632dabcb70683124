#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ratio between two independent sets of measurements (times of a new
/// run over those of a base run), with a distribution-free 95 % interval.
///
/// The estimate is Hodges–Lehmann's on logarithms: the median, over all
/// `n × m` pairs, of `log(new[i]) − log(base[j])`, exponentiated. Unlike a
/// ratio of medians it uses every sample, and unlike a ratio of means one
/// slow outlier barely moves it. The interval inverts the Mann–Whitney test
/// (`ShiftInterval`): it covers the true ratio with probability at least
/// 95 % when the two runs' distributions differ by a factor (a shift of the
/// logarithms) and the samples are independent. Samples need not be paired
/// and the counts may differ.
public enum ShiftEstimate {
    /// The estimate of `new / base` from samples in any order, as a
    /// `RatioEstimate`: `median` is the Hodges–Lehmann ratio (the nearest-rank
    /// median of the pairwise log ratios, the lower middle one for an even
    /// number of pairs, so it is a ratio of two measured values), `lower` and
    /// `upper` the 95 % interval, and `count` the smaller sample count (the
    /// one that limits the precision). Samples that are not positive and
    /// finite have no logarithm and are left out; nil when either side then
    /// has none. Memory O(n + m); time O((n + m) log(n m)) expected.
    public static func ratio(of new: [Double], to base: [Double]) -> RatioEstimate? {
        let newLogs = new.filter(isUsable).map(log)
        let baseLogs = base.filter(isUsable).map(log)
        guard !newLogs.isEmpty && !baseLogs.isEmpty else { return nil }
        let differences = PairwiseDifferences(newLogs, minus: baseLogs)
        let middle = Percentile.index(0.5, count: differences.count) + 1
        let k = ShiftInterval.rank(newCount: newLogs.count, baseCount: baseLogs.count)
        return RatioEstimate(
            median: exp(differences.smallest(middle)),
            lower: exp(differences.smallest(k)),
            upper: exp(differences.smallest(differences.count + 1 - k)),
            count: Swift.min(newLogs.count, baseLogs.count))
    }

    /// Whether `value` has a finite logarithm.
    private static func isUsable(_ value: Double) -> Bool {
        value > 0 && value.isFinite
    }
}
