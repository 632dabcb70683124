import Frames
import Presentation

/// Constructed delivery traces for the policy and check tests.
enum Traces {
    /// Timebase 1/30 (30 fps media ticks).
    static let thirtyFPS = Timebase(numerator: 1, denominator: 30)!

    /// `count` shown frames one tick of `timebase` apart, arriving and
    /// handed off at the given nanoseconds.
    static func deliveries(handOffs: [UInt64?], arrivals: [UInt64]? = nil, timebase: Timebase = thirtyFPS) -> [Delivery]
    {
        handOffs.enumerated().map { index, handOff in
            Delivery(
                frame: index, packet: index + 1, mediaTime: MediaTime(value: Int64(index), timebase: timebase),
                arrival: arrivals?[index] ?? handOff ?? 0, handOff: handOff)
        }
    }

    /// Hand-offs every `interval` ns from `start`, with `gap` ns before the last one.
    static func regular(count: Int, interval: UInt64, gap: UInt64, start: UInt64 = 1_000_000_000) -> [UInt64?] {
        var times: [UInt64?] = []
        var time = start
        for index in 0..<count {
            times.append(time)
            time += index == count - 2 ? gap : interval
        }
        return times
    }
}
