import Foundation

/// Where FrameBench keeps what it builds once per machine (the gate's
/// reference builds, the libyuv-latest peer).
public enum FrameBenchCache {
    /// `$XDG_CACHE_HOME/framebench`, or `~/.cache/framebench`.
    public static var directory: String {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return base + "/framebench"
    }
}
