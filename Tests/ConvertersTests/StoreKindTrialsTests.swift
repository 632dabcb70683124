import Converters
import Frames
import SIMDRows
import TestSupport
import Testing

/// The store kind trial of an automatic `SIMDConverter`: each size's first
/// conversions alternate the kinds, the first of each untimed, and the size
/// keeps the kind with the lower median time; every conversion on the way
/// is exact.
@Suite struct StoreKindTrialsTests {
    /// Runs a whole trial of one size on `trials`, giving each timed
    /// conversion the time `cost(streaming, sample)` for sample numbers
    /// below `samplesPerKind` (the trial keeps no more of a kind: a kind's
    /// later timed conversions get 0); returns the kinds handed out, in order.
    static func runTrial(
        _ trials: StoreKindTrials, bytes: Int, cost: (Bool, Int) -> UInt64
    ) -> [(streaming: Bool, timed: Bool)] {
        var handed: [(streaming: Bool, timed: Bool)] = []
        var counts = [false: 0, true: 0]
        while trials.decision(forBytes: bytes) == nil && handed.count < 100 {
            let next = trials.nextKind(forBytes: bytes)
            handed.append(next)
            guard next.timed else { continue }
            let sample = counts[next.streaming]!
            let time = sample < trials.samplesPerKind ? cost(next.streaming, sample) : 0
            trials.record(bytes: bytes, streaming: next.streaming, nanoseconds: time)
            counts[next.streaming]! += 1
        }
        return handed
    }

    @Test("kinds run in blocks of five, the first of each untimed; the lower median decides, whatever the extremes")
    func decision() {
        let trials = StoreKindTrials(samplesPerKind: 5)
        // Streaming: mostly 100 ns with two slow outliers; cached: mostly
        // 120 ns with one very fast one. Medians 100 and 120: streaming.
        let handed = Self.runTrial(trials, bytes: 1000) { streaming, sample in
            streaming ? [100, 5000, 100, 90, 7000][sample] : [120, 1, 130, 120, 125][sample]
        }
        // Cached 0-4, streaming 5-9, cached 10-14, then streaming's fifth
        // timed conversion (turn 16) decides.
        #expect(handed.count == 17 && trials.conversionsToDecide == 17)
        #expect(handed.map(\.streaming) == (0..<17).map { ($0 / 5) % 2 == 1 })
        #expect(handed.map(\.timed) == (0..<17).map { $0 % 5 != 0 })
        #expect(StoreKindTrials(samplesPerKind: 8).conversionsToDecide == 20)
        #expect(StoreKindTrials(samplesPerKind: 1).conversionsToDecide == 7)
        #expect(trials.decision(forBytes: 1000) == true)
        // Once decided, the size gets its kind untimed.
        for _ in 0..<3 { #expect(trials.nextKind(forBytes: 1000) == (true, false)) }

        // Another size on the same trials decides on its own: cached is faster.
        #expect(trials.decision(forBytes: 2000) == nil)
        _ = Self.runTrial(trials, bytes: 2000) { streaming, _ in streaming ? 300 : 200 }
        #expect(trials.decision(forBytes: 2000) == false)
        #expect(trials.decision(forBytes: 1000) == true)
        // The outcomes, smallest first, with the medians that decided them.
        let outcomes = trials.outcomes
        #expect(outcomes.map(\.bytes) == [1000, 2000])
        #expect(outcomes.map(\.streaming) == [true, false])
        #expect(outcomes.map(\.cachedMedian) == [120, 200])
        #expect(outcomes.map(\.streamingMedian) == [100, 300])
    }

    @Test("an automatic converter decides each upright size in the trial range, exact with either kind")
    func converterTrial() throws {
        let converter = SIMDConverter(stores: .automatic)
        let trials = try #require(converter.trials)
        let range = SIMDStorePolicy.uprightTrialRange
        // 1024 pixels wide (4 KiB rows, 64-byte aligned, so both kinds run):
        // the first height whose frame is in the range, and one below it.
        let inside = FrameSize(width: 1024, height: (range.lowerBound + 4095) / 4096)
        let below = FrameSize(width: 1024, height: inside.height - 1)
        for size in [inside, below] {
            let source = I420Buffer.random(size: size, padding: 0, seed: UInt64(size.height))
            let expected = BGRABuffer(size: size)
            ConvertersUnderTest.oracle.convert(
                .i420(source.view), to: expected.view, matrix: .bt601, orientation: .upright)
            let bytes = size.width * 4 * size.height
            for conversion in 0..<trials.conversionsToDecide {
                #expect(trials.decision(forBytes: bytes) == nil)
                let actual = BGRABuffer(size: size)
                try converter.convert(.i420(source.view), to: actual.view, matrix: .bt601, orientation: .upright)
                if let at = firstDifference(actual.allBytes, expected.allBytes) {
                    Issue.record("\(size) conversion \(conversion): first difference at byte \(at)")
                    return
                }
            }
            #expect((trials.decision(forBytes: bytes) != nil) == range.contains(bytes))
        }
        // Other orientations keep the cache-size rule: no trial.
        let turning = SIMDConverter(stores: .automatic)
        let turned = FrameSize(width: inside.height, height: inside.width)
        let source = I420Buffer.random(size: turned, padding: 0, seed: 7)
        let output = BGRABuffer(size: inside)
        for _ in 0..<trials.conversionsToDecide {
            try turning.convert(.i420(source.view), to: output.view, matrix: .bt601, orientation: .rotate90)
        }
        #expect(turning.trials?.decision(forBytes: inside.width * 4 * inside.height) == nil)
        #expect(SIMDConverter(stores: .cached).trials == nil)
    }
}
