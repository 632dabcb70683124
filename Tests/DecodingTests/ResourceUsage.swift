#if canImport(Glibc)
import Glibc
#endif

/// How much memory the test process holds, for tests that bound it.
enum ResourceUsage {
    /// Starts a measurement window: resets the kernel's peak resident set
    /// (`VmHWM`) to the current resident set by writing `5` to
    /// `/proc/self/clear_refs`, and returns the current resident set in
    /// KiB. `peakResidentKiB()` minus this is then the window's peak growth.
    /// Returns nil where the peak cannot be reset (then only `ru_maxrss`
    /// growth is known, which stays 0 below an earlier, higher peak).
    static func startPeakWindow() -> Int? {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return nil }
        let written = fputs("5", file) >= 0
        guard fclose(file) == 0, written else { return nil }
        return statusField("VmRSS:")
    }

    /// The peak resident set in KiB: `VmHWM` from `/proc/self/status`
    /// (since the last `startPeakWindow()`), else `getrusage`'s
    /// `ru_maxrss` (since the process started).
    static func peakResidentKiB() -> Int {
        if let peak = statusField("VmHWM:") { return peak }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }

    /// The KiB value of one `/proc/self/status` line, e.g. `VmRSS:`.
    /// How much the peak resident set grew, in KiB, while `body` ran,
    /// and whether the peak was reset first (`startPeakWindow`), so that
    /// the growth is `body`'s own rather than bounded by an earlier peak.
    static func peakGrowth<Result>(during body: () throws -> Result) rethrows
        -> (result: Result, growthKiB: Int, windowed: Bool)
    {
        let window = startPeakWindow()
        let before = window ?? peakResidentKiB()
        let result = try body()
        return (result, peakResidentKiB() - before, window != nil)
    }

    private static func statusField(_ name: String) -> Int? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(name) {
                return Int(text.dropFirst(name.count).filter(\.isNumber))
            }
        }
        return nil
    }
}
