import Frames
import Presentation
import Testing

@Suite struct StampingPolicyTests {
    /// Two frames handed off 0.4 ms apart within the same millisecond.
    static let close = Traces.deliveries(handOffs: [5_000_050_000, 5_000_450_000])

    @Test("host-ms: two hand-offs 0.4 ms apart get the same presentation time, and 1 s durations overlap")
    func hostMillisecondsDuplicates() throws {
        let sequence = PresentedSequence(deliveries: Self.close, policy: .hostMilliseconds)
        #expect(
            sequence.frames.map(\.time) == [
                PresentationTime(value: 5000, timescale: 1000),
                PresentationTime(value: 5000, timescale: 1000),
            ])
        let duplicate = try #require(sequence.check.issues(.duplicate).first)
        #expect(duplicate.frame.frame == 1 && duplicate.frame.packet == 2)
        #expect(sequence.check.count(.overlap) == 1)
        #expect(!sequence.check.strictlyIncreasing && !sequence.passes(dropsByDesign: false))
    }

    @Test("host: nanosecond stamps keep the same hand-offs apart; durations reach exactly the next presentation")
    func hostNanoseconds() {
        let sequence = PresentedSequence(deliveries: Self.close, policy: .host)
        #expect(sequence.check.issues.isEmpty)
        #expect(sequence.frames[0].duration == PresentationTime(value: 400_000, timescale: 1_000_000_000))
        #expect(sequence.frames[0].time + sequence.frames[0].duration == sequence.frames[1].time)
    }

    @Test(
        "stream: media times anchored at the first hand-off, whatever the hand-offs do; durations to the next shown frame"
    )
    func stream() {
        let deliveries = Traces.deliveries(handOffs: [2_000_000_000, 2_000_000_100, nil, 2_000_000_200])
        let sequence = PresentedSequence(deliveries: deliveries, policy: .stream)
        #expect(sequence.frames.map(\.frame) == [0, 1, 3])
        #expect(sequence.frames[0].time == PresentationTime(value: 2_000_000_000, timescale: 1_000_000_000))
        #expect(sequence.frames[2].time == PresentationTime(value: 2_100_000_000, timescale: 1_000_000_000))
        // 2/30 s and 1/30 s after the anchor, each rounded to the nanosecond.
        #expect(sequence.frames[1].duration == PresentationTime(value: 33_333_334, timescale: 1_000_000_000))
        #expect(sequence.check.violations.isEmpty && sequence.check.count(.overlap) == 0)
        #expect(sequence.check.lost == [2])
        #expect(!sequence.passes(dropsByDesign: false) && sequence.passes(dropsByDesign: true))
    }

    @Test("a media time that goes backwards is a regression under stream, flagged with frame and packet")
    func regression() throws {
        let base = Traces.thirtyFPS
        let deliveries = [0, 2, 1].enumerated().map { index, tick in
            Delivery(
                frame: index, packet: index + 1, mediaTime: MediaTime(value: Int64(tick), timebase: base),
                arrival: 0, handOff: UInt64(index) * 1000)
        }
        let check = PresentedSequence(deliveries: deliveries, policy: .stream).check
        let regression = try #require(check.issues(.regression).first)
        #expect(regression.frame.frame == 2 && regression.frame.packet == 3)
        #expect(check.count(.nonPositiveDuration) == 1)  // frame 1's duration to frame 2 is negative
    }
}
