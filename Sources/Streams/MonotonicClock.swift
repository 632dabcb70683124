import Presentation
import Statistics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The host's monotonic clock (`Clock.monotonic`) with real waiting: what
/// `bench present` and `bench call` run on. Stateless, so one instance
/// may be read from any thread.
public final class MonotonicClock: PresentationClock, Sendable {
    /// The monotonic clock.
    public init() {}

    /// `Clock.monotonic()`.
    public func now() -> UInt64 { Clock.monotonic() }

    /// Sleeps until the monotonic clock reaches `deadline` (absolute
    /// `clock_nanosleep`, resumed after signals).
    public func wait(until deadline: UInt64) {
        var target = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while Clock.monotonic() < deadline {
            if clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == 0 { break }
        }
    }
}
