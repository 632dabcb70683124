import Statistics

/// When each packet of a stream arrives and when presentation pauses, for
/// one `DeliveryScenario`: nanoseconds on the run's clock.
public struct ArrivalSchedule: Sendable, Equatable {
    /// Per packet (in file order), its arrival time; nil for `flat-out`,
    /// where a packet arrives when the previous one is done.
    public let arrivals: [UInt64]?
    /// The span during which presentation is stopped (nil without a pause).
    public let pause: Range<UInt64>?

    /// Arrivals and pause explicitly (for constructed traces).
    public init(arrivals: [UInt64]?, pause: Range<UInt64>? = nil) {
        self.arrivals = arrivals
        self.pause = pause
    }

    /// The schedule of `scenario` for packets with media times `packetTimes`
    /// (seconds, file order) starting at `start`: packet i arrives at
    /// `start + max(0, t[i] - t[0])` (plus its jitter), never before the
    /// packet ahead of it; a pause begins a third of the way through the
    /// stream's media duration.
    public init(scenario: DeliveryScenario, packetTimes: [Double], start: UInt64) {
        guard scenario.isPaced, let first = packetTimes.first else {
            self.init(arrivals: nil)
            return
        }
        var generator: SplitMix64?
        var jitter = 0.0
        if case .jitter(let milliseconds, let seed) = scenario {
            generator = SplitMix64(seed: seed)
            jitter = milliseconds * 1e6
        }
        var arrivals: [UInt64] = []
        arrivals.reserveCapacity(packetTimes.count)
        for time in packetTimes {
            var offset = max(0, time - first) * 1e9
            if generator != nil { offset += Double.random(in: 0...jitter, using: &generator!) }
            let arrival = start &+ UInt64(offset.rounded())
            arrivals.append(max(arrival, arrivals.last ?? arrival))
        }
        var pause: Range<UInt64>?
        if let seconds = scenario.pauseSeconds {
            let span = max(0, (packetTimes.max() ?? first) - first)
            let begin = start &+ UInt64((span / 3 * 1e9).rounded())
            pause = begin..<(begin &+ UInt64((seconds * 1e9).rounded()))
        }
        self.init(arrivals: arrivals, pause: pause)
    }
}
