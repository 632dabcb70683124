import Statistics
import Testing

@Suite struct PercentileTests {
    @Test("nearest rank on a known array: the smallest sample with at least q of the samples at or below it")
    func nearestRank() throws {
        let samples: [Double] = [15, 20, 35, 40, 50]  // the textbook nearest-rank example
        let distribution = try #require(Distribution(samples.reversed()))
        #expect(distribution.percentile(0.05) == 15)
        #expect(distribution.percentile(0.30) == 20)
        #expect(distribution.percentile(0.40) == 20)
        #expect(distribution.percentile(0.50) == 35)
        #expect(distribution.percentile(1.00) == 50)
        #expect(distribution.percentile(0) == 15)
        #expect(distribution.min == 15 && distribution.max == 50 && distribution.mean == 32)
    }

    @Test("the median of an even count is the lower middle sample, for every caller")
    func evenMedian() throws {
        #expect(try #require(Distribution([4, 1, 3, 2])).median == 2)
        #expect(Percentile.median([4, 1, 3, 2] as [Int64]) == 2)
        #expect(Percentile.median([7] as [Int]) == 7)
        #expect(Percentile.median([] as [Int]) == nil)
        #expect(Distribution([]) == nil)
    }

    @Test("p90 and p99 of 1 ... 1000")
    func tails() throws {
        let distribution = try #require(Distribution((1...1000).map(Double.init)))
        #expect(distribution.median == 500)
        #expect(distribution.p90 == 900)
        #expect(distribution.p99 == 990)
    }
}
