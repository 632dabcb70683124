import Frames

/// The app's side of a delivery scenario: waits for each packet's arrival,
/// presents converted frames at once or holds them while presentation is
/// paused, and flushes the backlog on resume.
///
/// Drive it in stream order: `waitForPacket(_:)` before each packet's
/// decode, `frameConverted(packet:mediaTime:)` for each of its shown
/// frames, `finish()` at the end. Every reading and wait goes through the
/// clock, so a `ManualClock` makes the whole run instant.
public final class PresentationSession {
    /// The clock read and waited on.
    public let clock: any PresentationClock
    /// Arrivals and pause.
    public let schedule: ArrivalSchedule
    /// Whether a resume presents only the newest held frame (`pause-drop`).
    public let dropsBacklog: Bool
    /// Every shown frame so far, in stream order, presented or not.
    public private(set) var deliveries: [Delivery] = []

    private var arrival: UInt64 = 0
    private var backlog: [(packet: Int, mediaTime: MediaTime, arrival: UInt64)] = []
    private var resumed = false

    /// A session on `clock` following `schedule`; `dropsBacklog` as in `pause-drop`.
    public init(clock: any PresentationClock, schedule: ArrivalSchedule, dropsBacklog: Bool = false) {
        self.clock = clock
        self.schedule = schedule
        self.dropsBacklog = dropsBacklog
    }

    /// A session for `scenario` with `schedule`.
    public convenience init(clock: any PresentationClock, scenario: DeliveryScenario, schedule: ArrivalSchedule) {
        self.init(clock: clock, schedule: schedule, dropsBacklog: scenario.dropsFramesByDesign)
    }

    /// Waits until packet `index` (0-based, file order) arrives, presenting
    /// the backlog if the pause ends first; `flat-out` packets arrive now.
    public func waitForPacket(_ index: Int) {
        if let arrivals = schedule.arrivals, index < arrivals.count {
            let due = arrivals[index]
            if let pause = schedule.pause, !resumed, pause.upperBound <= due {
                clock.wait(until: pause.upperBound)
                resume()
            }
            clock.wait(until: due)
            arrival = due
        } else {
            arrival = clock.now()
        }
    }

    /// A shown frame of `packet` at `mediaTime` is converted: presents it
    /// now, or holds it while presentation is paused.
    public func frameConverted(packet: Int, mediaTime: MediaTime) {
        let now = clock.now()
        if let pause = schedule.pause, !resumed {
            if pause.contains(now) {
                backlog.append((packet, mediaTime, arrival))
                return
            }
            if now >= pause.upperBound { resume() }
        }
        record(packet: packet, mediaTime: mediaTime, arrival: arrival, handOff: clock.now())
    }

    /// Ends the stream: waits for the end of a pause still going on and
    /// presents its backlog. Returns every delivery.
    @discardableResult
    public func finish() -> [Delivery] {
        if let pause = schedule.pause, !resumed {
            if !backlog.isEmpty { clock.wait(until: pause.upperBound) }
            resume()
        }
        return deliveries
    }

    /// Presentation resumes: the backlog is presented in order as fast as
    /// possible (only its newest frame when `dropsBacklog`).
    private func resume() {
        resumed = true
        let held = backlog
        backlog = []
        for (offset, entry) in held.enumerated() {
            let presents = !dropsBacklog || offset == held.count - 1
            record(
                packet: entry.packet, mediaTime: entry.mediaTime, arrival: entry.arrival,
                handOff: presents ? clock.now() : nil)
        }
    }

    private func record(packet: Int, mediaTime: MediaTime, arrival: UInt64, handOff: UInt64?) {
        deliveries.append(
            Delivery(
                frame: deliveries.count, packet: packet, mediaTime: mediaTime, arrival: arrival,
                handOff: handOff))
    }
}
