import Presentation
import Testing

@Suite struct PresentationTimeTests {
    @Test("seconds round to the nearest tick like CMTimeMakeWithSeconds; comparison is exact across timescales")
    func roundingAndComparison() {
        #expect(PresentationTime(seconds: 5.00005, preferredTimescale: 1000).value == 5000)
        #expect(PresentationTime(seconds: 5.0006, preferredTimescale: 1000).value == 5001)
        #expect(PresentationTime(value: 1, timescale: 30) == PresentationTime(value: 100, timescale: 3000))
        #expect(
            PresentationTime(value: 1, timescale: 30) < PresentationTime(value: 33_333_334, timescale: 1_000_000_000))
        #expect(
            PresentationTime(value: 1, timescale: 30) > PresentationTime(value: 33_333_333, timescale: 1_000_000_000))
    }

    @Test("sums use the lcm of the timescales when it fits, else the larger one with rounding")
    func arithmetic() {
        let sum = PresentationTime(value: 1, timescale: 30) + PresentationTime(value: 1, timescale: 1000)
        #expect(sum.timescale == 3000 && sum.value == 103)
        let ns = PresentationTime(value: 5, timescale: 1_000_000_000) + PresentationTime(value: 1, timescale: 30)
        #expect(ns.timescale == 1_000_000_000 && ns.value == 33_333_338)
        let difference = PresentationTime(value: -1, timescale: 3) - PresentationTime(value: 0, timescale: 1)
        #expect(difference.value == -1 && difference.timescale == 3)
        #expect(PresentationTime(value: -2, timescale: 3).converted(toTimescale: 1).value == -1)
    }
}
