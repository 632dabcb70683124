import Frames
import Presentation
import Testing

@Suite struct FreezeTests {
    @Test("30 fps: a gap of exactly 150 ms is no freeze, 1 ns more is one", arguments: [(0, 0), (1, 1)])
    func minimumThreshold(extra: UInt64, freezes: Int) {
        let handOffs = Traces.regular(count: 10, interval: 33_333_333, gap: 150_000_000 + extra)
        let check = PresentedSequence(deliveries: Traces.deliveries(handOffs: handOffs), policy: .host).check
        #expect(check.freezeThreshold == 150_000_000)
        #expect(check.count(.freeze) == freezes)
        #expect(check.issues(.freeze).first.map(\.frame.frame) == (freezes > 0 ? 9 : nil))
    }

    @Test("10 fps: the threshold is 3 × the mean frame interval, 300 ms", arguments: [(0, 0), (1, 1)])
    func threeIntervals(extra: UInt64, freezes: Int) {
        let tenFPS = Timebase(numerator: 1, denominator: 10)!
        let handOffs = Traces.regular(count: 10, interval: 100_000_000, gap: 300_000_000 + extra)
        let check = PresentedSequence(
            deliveries: Traces.deliveries(handOffs: handOffs, timebase: tenFPS), policy: .host
        ).check
        #expect(check.freezeThreshold == 300_000_000)
        #expect(check.count(.freeze) == freezes)
    }
}
