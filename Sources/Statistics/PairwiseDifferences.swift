/// All `n × m` differences `x[i] − y[j]` of two samples, held as the two
/// sorted samples: the `k`-th smallest difference is found by selection in
/// expected O((n + m) log(n m)) time and O(n + m) memory, without ever
/// forming the `n × m` differences.
///
/// Each difference is computed as `x[i] − y[j]` in `Double`, the same
/// expression every time, so the order statistics are those of exactly the
/// values a brute-force listing of all pairs would sort.
public struct PairwiseDifferences: Sendable {
    /// The first sample, ascending.
    private let x: [Double]
    /// The second sample negated and ascending (`−y` from the largest `y`
    /// down), so `x[i] + negatedY[j]` grows with both `i` and `j`.
    private let negatedY: [Double]

    /// The differences `x[i] − y[j]` over every pair; the samples may be in
    /// any order.
    /// - Precondition: neither sample is empty and every value is finite.
    public init(_ x: [Double], minus y: [Double]) {
        precondition(!x.isEmpty && !y.isEmpty, "no samples")
        precondition(x.allSatisfy(\.isFinite) && y.allSatisfy(\.isFinite), "a sample is not finite")
        self.x = x.sorted()
        negatedY = y.map { -$0 }.sorted()
    }

    /// Number of differences, `n × m`.
    public var count: Int { x.count * negatedY.count }

    /// The `rank`-th smallest difference (1-based, counting ties), the value
    /// at index `rank − 1` of all `n × m` differences sorted ascending.
    ///
    /// Randomised selection over the pairs still in question (Monahan's
    /// scheme for the Hodges–Lehmann estimator): a pair picked at random
    /// among them gives a pivot value, one O(n + m) sweep counts the pairs
    /// below and at it, and every pair on the wrong side is dropped. The
    /// random choices (from a fixed seed) only affect the running time,
    /// never the result.
    /// - Precondition: `rank` in 1 ... `count`.
    public func smallest(_ rank: Int) -> Double {
        precondition(rank >= 1 && rank <= count, "rank \(rank) outside 1...\(count)")
        let n = x.count
        let m = negatedY.count
        // Row i's pairs still in question are columns lo[i] ..< hi[i]. A pair is
        // dropped only when its value is strictly below or strictly above the
        // answer, so every pair equal to the answer stays in question.
        var lo = [Int](repeating: 0, count: n)
        var hi = [Int](repeating: m, count: n)
        // Per row, the columns below the pivot and at or below it.
        var below = [Int](repeating: 0, count: n)
        var atOrBelow = [Int](repeating: 0, count: n)
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        while true {
            var remaining = 0
            for i in 0..<n { remaining += hi[i] - lo[i] }
            // The answer's pairs are never dropped, so at least one remains.
            var pick = Int(random.next() % UInt64(remaining))
            var row = 0
            while pick >= hi[row] - lo[row] {
                pick -= hi[row] - lo[row]
                row += 1
            }
            let pivot = x[row] + negatedY[lo[row] + pick]
            let (totalBelow, totalAtOrBelow) = tally(around: pivot, below: &below, atOrBelow: &atOrBelow)
            if rank <= totalBelow {
                // The answer is below the pivot: drop every pair at or above it.
                for i in 0..<n { hi[i] = Swift.min(hi[i], below[i]) }
            } else if rank > totalAtOrBelow {
                // The answer is above the pivot: drop every pair at or below it.
                for i in 0..<n { lo[i] = Swift.max(lo[i], atOrBelow[i]) }
            } else {
                return pivot
            }
        }
    }

    /// The numbers of differences below `pivot` and at or below it, in
    /// total and per row (`below[i]`, `atOrBelow[i]`: columns of row `i`),
    /// by one sweep: a row's columns under a value shrink as the row grows.
    private func tally(around pivot: Double, below: inout [Int], atOrBelow: inout [Int]) -> (Int, Int) {
        let m = negatedY.count
        var totalBelow = 0
        var totalAtOrBelow = 0
        var less = m
        var lessOrEqual = m
        for i in x.indices {
            let value = x[i]
            while less > 0 && value + negatedY[less - 1] >= pivot { less -= 1 }
            while lessOrEqual > 0 && value + negatedY[lessOrEqual - 1] > pivot { lessOrEqual -= 1 }
            below[i] = less
            atOrBelow[i] = lessOrEqual
            totalBelow += less
            totalAtOrBelow += lessOrEqual
        }
        return (totalBelow, totalAtOrBelow)
    }
}
