import Synchronization

/// How far the plug-in code of this process has got (calls into a
/// converter, and the loading of a plug-in, which runs its entry point
/// and its constructors), so that a watchdog can end a process whose
/// plug-in code does not return: plug-in code runs while fewer calls have
/// ended than begun, and is stuck when those counts stay where they are.
///
/// Counted only once `watch()` has been called (a supervised process): a
/// conversion elsewhere pays one load and a branch for it.
public enum PluginCalls {
    /// Calls begun and ended so far, once watched.
    public static var counts: (begun: UInt64, ended: UInt64) {
        (begun.load(ordering: .relaxed), ended.load(ordering: .relaxed))
    }

    /// Starts counting.
    public static func watch() { watched.store(true, ordering: .relaxed) }

    /// Runs `body`, which calls plug-in code, counted.
    static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        guard watched.load(ordering: .relaxed) else { return try body() }
        begun.wrappingAdd(1, ordering: .relaxed)
        defer { ended.wrappingAdd(1, ordering: .relaxed) }
        return try body()
    }

    private static let watched = Atomic<Bool>(false)
    private static let begun = Atomic<UInt64>(0)
    private static let ended = Atomic<UInt64>(0)
}
