import Statistics
import Testing

@Suite struct RatioEstimateTests {
    /// Ranks of the sign-test interval for the median at 95 %, from the
    /// published binomial tables (e.g. Conover, Practical Nonparametric
    /// Statistics, table A3): n = 10 gives x(2) ... x(9), n = 20 x(6) ... x(15),
    /// n = 100 x(40) ... x(61).
    @Test("the interval's ranks match the binomial tables", arguments: [(6, 1), (10, 2), (20, 6), (30, 10), (100, 40)])
    func ranks(count: Int, rank: Int) {
        #expect(MedianInterval.rank(count: count, confidence: 0.95) == rank)
    }

    @Test("large counts keep a rank near n/2 − 0.98√n (the normal approximation)")
    func largeCount() {
        let rank = MedianInterval.rank(count: 3000, confidence: 0.95)
        #expect(abs(Double(rank) - (1500 - 0.98 * 3000.0.squareRoot())) <= 2)
    }

    @Test("six values can give a 95 % interval of their median, five cannot (2 / 2⁵ = 6.25 % > 5 %)")
    func reachesConfidence() {
        #expect(!MedianInterval.reachesConfidence(count: 5) && MedianInterval.reachesConfidence(count: 6))
        #expect(!MedianInterval.reachesConfidence(count: 0))
        #expect(MedianInterval.reachesConfidence(count: 4, confidence: 0.85))
    }

    @Test("below six samples the interval is the whole range")
    func tiny() throws {
        let estimate = try #require(RatioEstimate(ratios: [3, 1, 2, 5, 4]))
        #expect(estimate.median == 3 && estimate.lower == 1 && estimate.upper == 5 && estimate.count == 5)
    }

    @Test("paired ratios take each round's pair; the interval brackets the median at the tabled ranks")
    func paired() throws {
        // 20 rounds: the converter takes 2 + round/100 of libyuv's time in each.
        let libyuv = (0..<20).map { 100.0 + Double($0 % 3) * 10 }
        let converter = libyuv.enumerated().map { $1 * (2 + Double($0) / 100) }
        let estimate = try #require(RatioEstimate(paired: converter, over: libyuv))
        #expect(estimate.count == 20)
        #expect(abs(estimate.median - 2.09) < 1e-9)  // ratios 2.00 ... 2.19: lower middle is the 10th
        #expect(abs(estimate.lower - 2.05) < 1e-9)  // x(6)
        #expect(abs(estimate.upper - 2.14) < 1e-9)  // x(15)
    }

    @Test("pairs with a zero denominator are skipped; none left gives nil")
    func zeroDenominator() {
        #expect(PairedRatios.of([1, 2, 3], over: [0, 1, 0]) == [2])
        #expect(RatioEstimate(paired: [1], over: [0]) == nil)
    }
}
