import Frames
import Presentation
import Testing

@Suite struct ScenarioTests {
    static let ms: UInt64 = 1_000_000

    @Test("scenario spellings parse and print back; bad ones are refused")
    func parsing() {
        for text in ["flat-out", "realtime", "pause=1", "pause-drop=2.5", "jitter=20"] {
            #expect(DeliveryScenario(parsing: text)?.description == text, "\(text)")
        }
        for text in ["", "pause", "pause=", "pause=x", "pause=-1", "jitter=20=3", "flat-out=1", "burst"] {
            #expect(DeliveryScenario(parsing: text) == nil, "\(text)")
        }
        #expect(DeliveryScenario(parsing: "pause-drop=1")!.dropsFramesByDesign)
        #expect(!DeliveryScenario(parsing: "pause=1")!.dropsFramesByDesign)
    }

    /// Ten frames at 30 fps arriving every 33 ms from 0, through a session
    /// with `pause`, on a manual clock that moves 1 µs per reading.
    static func paused(_ pause: Range<UInt64>, drop: Bool) -> (PresentationSession, ManualClock) {
        let clock = ManualClock(start: 0, step: 1000)
        let arrivals = (0..<10).map { UInt64($0) * 33 * Self.ms }
        let session = PresentationSession(
            clock: clock, schedule: ArrivalSchedule(arrivals: arrivals, pause: pause),
            dropsBacklog: drop)
        for index in 0..<10 {
            session.waitForPacket(index)
            session.frameConverted(
                packet: index + 1, mediaTime: MediaTime(value: Int64(index), timebase: Traces.thirtyFPS))
        }
        session.finish()
        return (session, clock)
    }

    @Test("pause: presentation stops during the pause, the backlog is presented in order after it, no frame lost")
    func pause() {
        let (session, _) = Self.paused(50 * Self.ms..<1_000 * Self.ms, drop: false)
        let handOffs = session.deliveries.map { $0.handOff! }
        #expect(handOffs[0] < 50 * Self.ms && handOffs[1] < 50 * Self.ms)
        #expect(handOffs[2...].allSatisfy { $0 >= 1_000 * Self.ms })
        #expect(zip(handOffs, handOffs.dropFirst()).allSatisfy { $0 < $1 })
        let stream = PresentedSequence(deliveries: session.deliveries, policy: .stream)
        #expect(stream.check.violations.isEmpty && stream.check.lost.isEmpty && stream.passes(dropsByDesign: false))
        #expect(stream.check.count(.freeze) == 1 && stream.check.count(.late) == 8)
        // The backlog is handed off within microseconds: the same millisecond under host-ms.
        let hostMS = PresentedSequence(deliveries: session.deliveries, policy: .hostMilliseconds)
        #expect(hostMS.check.count(.duplicate) == 7)
    }

    @Test("a pause that ends mid-stream is flushed before the next arrival, then frames flow again")
    func pauseEndsMidStream() {
        let (session, _) = Self.paused(50 * Self.ms..<150 * Self.ms, drop: false)
        let handOffs = session.deliveries.map { $0.handOff! }
        #expect(handOffs[2...4].allSatisfy { (150 * Self.ms..<151 * Self.ms).contains($0) })
        #expect(handOffs[5] >= 165 * Self.ms && handOffs[5] < 166 * Self.ms)
    }

    @Test("pause-drop: on resume only the newest held frame is presented; the others are lost by design")
    func pauseDrop() {
        let (session, _) = Self.paused(50 * Self.ms..<1_000 * Self.ms, drop: true)
        let sequence = PresentedSequence(deliveries: session.deliveries, policy: .stream)
        #expect(sequence.frames.map(\.frame) == [0, 1, 9])
        #expect(sequence.check.lost == Array(2...8))
        #expect(sequence.check.violations.isEmpty && sequence.check.count(.overlap) == 0)
        #expect(sequence.passes(dropsByDesign: true) && !sequence.passes(dropsByDesign: false))
    }

    @Test("the pause of pause=S starts a third of the way through the stream and lasts S seconds")
    func pauseSchedule() {
        let times = (0..<31).map { Double($0) / 30 }
        let schedule = ArrivalSchedule(scenario: .pause(seconds: 1), packetTimes: times, start: 7)
        #expect(schedule.pause?.lowerBound == 7 + 333_333_333 && schedule.pause?.upperBound == 7 + 1_333_333_333)
        #expect(schedule.arrivals?[30] == 7 + 1_000_000_000)
        #expect(ArrivalSchedule(scenario: .flatOut, packetTimes: times, start: 7).arrivals == nil)
    }

    @Test("jitter: the same seed gives the same arrivals, another seed others; delays within 0 ... MS, in order")
    func jitter() throws {
        let times = (0..<100).map { Double($0) / 30 }
        let a = try #require(
            ArrivalSchedule(scenario: .jitter(milliseconds: 20, seed: 42), packetTimes: times, start: 0).arrivals)
        let b = try #require(
            ArrivalSchedule(scenario: .jitter(milliseconds: 20, seed: 42), packetTimes: times, start: 0).arrivals)
        let c = try #require(
            ArrivalSchedule(scenario: .jitter(milliseconds: 20, seed: 43), packetTimes: times, start: 0).arrivals)
        #expect(a == b && a != c)
        #expect(zip(a, a.dropFirst()).allSatisfy { $0 <= $1 })
        for (index, arrival) in a.enumerated() {
            let nominal = UInt64((times[index] * 1e9).rounded())
            #expect(arrival >= nominal && arrival <= max(nominal, a[max(0, index - 1)]) + 20 * Self.ms)
        }
    }
}
