import CFrameBenchPlugin

/// The `flags` of a plug-in converter, typed.
public struct PluginFlags: OptionSet, Hashable, Sendable {
    /// The C `uint32_t`.
    public let rawValue: UInt32

    /// The flags `rawValue` (unknown bits are kept and ignored).
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `FRAMEBENCH_THREAD_SAFE`: `convert` may run on several threads at once.
    public static let threadSafe = PluginFlags(rawValue: FRAMEBENCH_THREAD_SAFE)
}
