import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When the plug-in code running now in this process began (a converter's
/// call, or a plug-in's loading, which runs its entry point and its
/// constructors), so that a watchdog can end a process whose plug-in code
/// does not return.
///
/// One start time for the whole process: where several calls overlap (a
/// thread-safe converter on several threads), the latest start counts and
/// the first to return clears it.
public enum PluginCalls {
    /// Monotonic nanoseconds at the start of the running plug-in code; 0 when none runs.
    private static let start = Atomic<UInt64>(0)

    /// How long the plug-in code running now has run, in seconds; nil when none runs.
    public static var runningSeconds: Double? {
        let began = start.load(ordering: .relaxed)
        guard began != 0 else { return nil }
        return Double(now() &- began) / 1e9
    }

    /// Runs `body`, which calls plug-in code, marked as running.
    static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        start.store(max(1, now()), ordering: .relaxed)
        defer { start.store(0, ordering: .relaxed) }
        return try body()
    }

    /// `CLOCK_MONOTONIC` in nanoseconds.
    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
