/// The clock a presentation run reads and waits on: nanoseconds of a
/// monotonic timeline.
///
/// Real runs use the host's monotonic clock with real waiting; tests use
/// `ManualClock`, which jumps to a deadline instead of sleeping, so every
/// scenario runs instantly and reproducibly.
public protocol PresentationClock: AnyObject {
    /// The current time in nanoseconds; never less than a previous reading.
    func now() -> UInt64
    /// Returns once `now()` has reached `deadline` (at once when it has already).
    func wait(until deadline: UInt64)
}
