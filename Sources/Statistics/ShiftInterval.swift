/// The order statistics of the pairwise differences that bound a shift
/// between two samples with 95 % confidence, without assuming any
/// distribution (the interval that inverts the Mann–Whitney test).
public enum ShiftInterval {
    /// Up to this many pairs (`newCount × baseCount`) the rank comes from
    /// the exact distribution of the Mann–Whitney U statistic; above it,
    /// from its normal approximation.
    public static let exactPairLimit = 2500

    /// The 1-based rank `k` such that `[d(k), d(n m + 1 − k)]`, the `k`-th
    /// smallest and `k`-th largest of the `n m` differences `new[i] −
    /// base[j]`, covers the shift between the two samples' distributions
    /// with probability at least 95 % (for continuous distributions that
    /// differ by a shift; independent samples).
    ///
    /// Up to `exactPairLimit` pairs: the largest `k` with
    /// `2 × P(U ≤ k − 1) ≤ 0.05` under the null distribution of U (the
    /// published critical values plus one: 3 for 5 and 5, 24 for 10 and 10);
    /// 1 when even the whole range falls short (3 and 3). Above it:
    /// `⌊n m / 2 − 1.96 √(n m (n + m + 1) / 12)⌋`. Always at least 1 and at
    /// most `(n m + 1) / 2`.
    /// - Precondition: both counts are positive.
    public static func rank(newCount n: Int, baseCount m: Int) -> Int {
        precondition(n > 0 && m > 0, "no samples")
        let pairs = n * m
        let largest = (pairs + 1) / 2
        let k: Int
        if pairs <= exactPairLimit {
            k = exactRank(n, m)
        } else {
            let spread = (Double(pairs) * Double(n + m + 1) / 12).squareRoot()
            k = Int((Double(pairs) / 2 - 1.96 * spread).rounded(.down))
        }
        return Swift.min(Swift.max(k, 1), largest)
    }

    /// Whether `newCount` and `baseCount` samples are enough for any
    /// interval of the pairwise differences to cover the shift with 95 %
    /// confidence: even the widest, from the smallest to the largest
    /// difference, misses with probability `2 / C(n + m, n)`, which must not
    /// exceed 5 % (so 4 against 4 samples suffice, 3 against 3 do not).
    public static func reachesConfidence(newCount n: Int, baseCount m: Int) -> Bool {
        guard n > 0 && m > 0 else { return false }
        // C(larger + i, i) for i = 1 ... smaller, in exact integers, until
        // it reaches 40 (so it cannot overflow).
        let (smaller, larger) = (Swift.min(n, m), Swift.max(n, m))
        var choose = 1
        for i in 1...smaller {
            choose = choose * (larger + i) / i
            if choose >= 40 { return true }
        }
        return false
    }

    /// The largest `k` with `P(U ≤ k − 1) ≤ 0.025` for sample sizes `n`
    /// and `m` (1 when there is none), from the exact null distribution.
    static func exactRank(_ n: Int, _ m: Int) -> Int {
        let probability = nullDistribution(n, m, upTo: (n * m) / 2)
        // k is valid while P(U ≤ k − 1) ≤ 0.025 (a hair of slack for the
        // rounding of exact tail probabilities such as 1/40).
        let tail = 0.025 + 1e-12
        var k = 1
        var cumulative = probability[0]  // P(U ≤ k − 1)
        while k < probability.count {
            let next = cumulative + probability[k]  // P(U ≤ k): whether k + 1 is valid
            guard next <= tail else { break }
            cumulative = next
            k += 1
        }
        return k
    }

    /// `P(U = u)` for `u` in `0 ... limit` under the null hypothesis, where
    /// U counts the pairs in which the sample of size `n` exceeds the one of
    /// size `m`. By the largest of the `a + b` values: with probability
    /// `a / (a + b)` it belongs to the first sample and exceeds all `b`
    /// others, so `P(a, b; u) = a/(a+b) P(a−1, b; u−b) + b/(a+b) P(a, b−1; u)`.
    static func nullDistribution(_ n: Int, _ m: Int, upTo limit: Int) -> [Double] {
        let width = limit + 1
        // previous[b][u] = P(a − 1, b; u), current[b][u] = P(a, b; u).
        var previous = [[Double]](repeating: [1] + [Double](repeating: 0, count: limit), count: m + 1)
        var current = previous
        for a in stride(from: 1, through: n, by: 1) {
            current[0] = [1] + [Double](repeating: 0, count: limit)
            for b in stride(from: 1, through: m, by: 1) {
                let first = Double(a) / Double(a + b)
                let second = Double(b) / Double(a + b)
                var row = [Double](repeating: 0, count: width)
                for u in 0..<width {
                    let fromFirst = u >= b ? previous[b][u - b] : 0
                    row[u] = first * fromFirst + second * current[b - 1][u]
                }
                current[b] = row
            }
            swap(&previous, &current)
        }
        return previous[m]
    }
}
