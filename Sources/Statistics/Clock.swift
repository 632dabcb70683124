#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clocks the bench reads: nanosecond counts, cheap enough to read
/// around every frame.
public enum Clock {
    /// The monotonic clock (`CLOCK_MONOTONIC`) in nanoseconds: never goes
    /// backwards, unaffected by wall-clock changes. Every latency and every
    /// delivery stamp comes from it.
    @inline(__always)
    public static func monotonic() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// CPU time used by the whole process so far (all threads), in
    /// nanoseconds: Google Benchmark's `cpu_time` for converters that use
    /// worker threads counts their work too.
    @inline(__always)
    public static func processCPU() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// CPU time used by the calling thread so far, in nanoseconds: the cost
    /// of single-threaded work alone, whatever else the process runs.
    @inline(__always)
    public static func threadCPU() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// Seconds elapsed on the monotonic clock since `start` (a `monotonic()` reading).
    public static func seconds(since start: UInt64) -> Double {
        Double(monotonic() &- start) / 1e9
    }
}
