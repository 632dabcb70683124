#if canImport(Glibc)
import Glibc
#endif

/// What an ended child process used, as `wait4` gives it.
public struct ResourceUsage: Equatable, Sendable {
    /// CPU time in user mode.
    public let userTime: Duration
    /// CPU time in the kernel on its behalf.
    public let systemTime: Duration
    /// Its largest resident set, in bytes.
    public let maxResidentBytes: Int

    /// The usage `wait4` reported in `usage`.
    init(_ usage: rusage) {
        func duration(_ time: timeval) -> Duration { .seconds(time.tv_sec) + .microseconds(time.tv_usec) }
        userTime = duration(usage.ru_utime)
        systemTime = duration(usage.ru_stime)
        // Linux counts ru_maxrss in KiB.
        maxResidentBytes = usage.ru_maxrss * 1024
    }
}
