import Converters
import Frames
import Measurement
import Statistics
import Testing

@Suite struct GatePolicyTests {
    let policy = GatePolicy(tolerance: 0.25)

    /// A ratio estimate from `count` constructed per-round ratios spread
    /// evenly over `center ± spread`.
    static func estimate(_ center: Double, spread: Double, count: Int = 200) -> RatioEstimate {
        let ratios = (0..<count).map { center - spread + 2 * spread * Double($0) / Double(count - 1) }
        return RatioEstimate(ratios: ratios)!
    }

    @Test("a cell at its limit with a wide interval passes; a clearly slower one is measured again and fails")
    func limitAndInterval() {
        // Baseline 12 → limit 15.
        let atLimit = Self.estimate(15.2, spread: 3)  // median above the limit, interval reaching far below it
        #expect(atLimit.median > 15 && atLimit.lower < 15)
        #expect(policy.decide(baseline: 12, measured: atLimit) == .pass)
        let slower = Self.estimate(19.5, spread: 1)  // the whole interval above 15
        #expect(policy.decide(baseline: 12, measured: slower) == .remeasure)
        #expect(policy.decide(baseline: 12, measured: slower, earlier: slower) == .fail)
    }

    @Test("a cell slower once but within its limit when measured again passes")
    func remeasurePasses() {
        let slower = Self.estimate(19.5, spread: 1)
        let fine = Self.estimate(13, spread: 1)
        #expect(policy.decide(baseline: 12, measured: fine, earlier: slower) == .pass)
    }

    @Test("within the limit passes; a converter missing from the baseline is not gated")
    func passAndNotGated() {
        #expect(policy.decide(baseline: 0.8, measured: Self.estimate(0.82, spread: 0.05)) == .pass)
        #expect(policy.limit(baseline: 0.8) == 1.0)
        #expect(policy.decide(baseline: nil, measured: Self.estimate(9, spread: 0.1)) == .notGated)
    }

    @Test("lost threads: CPU ÷ wall time below 1.2 with the whole interval, twice, fails")
    func lostThreads() {
        let threaded = Self.estimate(1.65, spread: 0.2)
        let single = Self.estimate(1.0, spread: 0.05)
        let borderline = Self.estimate(1.15, spread: 0.2, count: 20)  // median below 1.2, interval reaching above it
        #expect(policy.decideThreads(share: threaded) == .pass)
        #expect(borderline.median < 1.2 && borderline.upper > 1.2)
        #expect(policy.decideThreads(share: borderline) == .pass)
        #expect(policy.decideThreads(share: single) == .remeasure)
        #expect(policy.decideThreads(share: single, earlier: single) == .fail)
        #expect(policy.decideThreads(share: threaded, earlier: single) == .pass)
    }

    @Test("figures from constructed samples: CPU and wall ratios to libyuv and the converter's own CPU ÷ wall")
    func measurementFromSamples() throws {
        let rounds = 50
        let libyuv = CellSamples(
            label: "libyuv", wall: Array(repeating: 100, count: rounds),
            cpu: Array(repeating: 100, count: rounds))
        let parallel = CellSamples(
            label: "parallel", wall: Array(repeating: 60, count: rounds),
            cpu: Array(repeating: 100, count: rounds))
        let floor = CellSamples(
            label: "floor", wall: Array(repeating: 50, count: rounds),
            cpu: Array(repeating: 50, count: rounds))
        let figures = GateMeasurement.of([libyuv, parallel, floor])
        #expect(figures.keys.sorted() == ["libyuv", "parallel"])
        let p = try #require(figures["parallel"])
        #expect(p.cpu.median == 1 && abs(p.wall.median - 0.6) < 1e-12 && abs(p.threadShare.median - 100.0 / 60) < 1e-12)
    }

    @Test("only a multi-threaded parallel converter, at sizes it splits, on several cores, is expected to use threads")
    func expectsThreads() {
        let hd = FrameSize(width: 1920, height: 1080)
        let splitsEverything = ParallelConverter(inner: SIMDConverter(), threads: 2, minimumParallelPixels: 0)
        let splitsNothing = ParallelConverter(inner: SIMDConverter(), threads: 2, minimumParallelPixels: Int.max)
        let oneThread = ParallelConverter(inner: SIMDConverter(), threads: 1, minimumParallelPixels: 0)
        #expect(GatePolicy.expectsThreads(splitsEverything, at: hd, cores: 2))
        #expect(!GatePolicy.expectsThreads(splitsEverything, at: hd, cores: 1))
        #expect(!GatePolicy.expectsThreads(splitsNothing, at: hd, cores: 2))
        #expect(!GatePolicy.expectsThreads(oneThread, at: hd, cores: 2))
        #expect(!GatePolicy.expectsThreads(SIMDConverter(), at: hd, cores: 2))
    }
}
