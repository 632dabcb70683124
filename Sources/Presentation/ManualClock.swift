/// A clock that never sleeps: `wait(until:)` sets the time to the deadline,
/// and each reading may advance it by a fixed step, so traces are exact and
/// tests take no real time.
public final class ManualClock: PresentationClock {
    /// The current time in nanoseconds.
    public private(set) var time: UInt64
    /// Nanoseconds added after every `now()` reading (0: time moves only
    /// when waiting or advanced).
    public var step: UInt64

    /// A clock at `start` nanoseconds that advances by `step` after each reading.
    public init(start: UInt64 = 0, step: UInt64 = 0) {
        time = start
        self.step = step
    }

    /// The current time; then advances it by `step`.
    public func now() -> UInt64 {
        defer { time &+= step }
        return time
    }

    /// Jumps to `deadline` when it is later than the current time.
    public func wait(until deadline: UInt64) {
        if deadline > time { time = deadline }
    }

    /// Moves the time on by `nanoseconds` (work that takes time).
    public func advance(by nanoseconds: UInt64) {
        time &+= nanoseconds
    }
}
