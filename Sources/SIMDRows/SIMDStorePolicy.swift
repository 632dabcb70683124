import Frames

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When `SIMDConverter` writes whole vector blocks with streaming
/// (non-temporal) stores instead of ordinary ones. The bytes written are
/// the same; streaming stores skip reading each destination line into the
/// cache first, which saves a third of the memory traffic of a frame that
/// does not fit in the caches, and costs time on one that does (the next
/// reader finds it in memory, not in cache).
public enum SIMDStorePolicy: String, Sendable, CaseIterable {
    /// Ordinary stores only.
    case cached
    /// Streaming stores whenever the destination rows start 64-byte aligned.
    case streaming
    /// Streaming stores for destinations of at least
    /// `streamingThreshold(for:)` bytes (and aligned rows), ordinary
    /// stores below; for frames written in ascending lines
    /// (`writesAscendingLines`) in `trialRange`, an automatic
    /// `SIMDConverter` decides by trial instead.
    case automatic

    /// The level-2 cache a core of this machine has to itself (`/sys`),
    /// nil where it does not say.
    private static let level2PerCore = CPUCache.level2PerCore(in: CPUCache.cpu0)

    /// Destination size from which `.automatic` streams on this machine a
    /// frame converted into `orientation`.
    public static func streamingThreshold(for orientation: Orientation) -> Int {
        threshold(level2PerCore: level2PerCore, orientation: orientation)
    }

    /// The streaming threshold for a core with `level2PerCore` bytes of L2
    /// (1 MiB when unknown): 5/8 of it for a frame written in ascending
    /// lines (`writesAscendingLines`), 3/8 for any other orientation. A
    /// frame's bytes are 5.5 a pixel, 4 of them written, so upright the
    /// source and destination together come to about 7/8 of that L2 at the
    /// threshold: a frame that no longer fits beside what else the core
    /// holds goes to memory anyway, and streaming saves reading its
    /// destination lines first. The other orientations (rows bottom up,
    /// transposed tiles) lose with ordinary stores from a smaller frame,
    /// so they stream once source and destination come to about half of
    /// that L2. docs/kernel.md ("Store policy") gives the measurements on
    /// each machine kind the rule was checked on.
    public static func threshold(level2PerCore: Int?, orientation: Orientation) -> Int {
        (level2PerCore ?? 1 << 20) / 8 * (writesAscendingLines(orientation) ? 5 : 3)
    }

    /// Whether the kernel, storing normally, writes a frame converted into
    /// `orientation` as one ascending run of cache lines, each row from its
    /// start: upright, and mirrored (whose blocks and pieces then read each
    /// source row from its end).
    public static func writesAscendingLines(_ orientation: Orientation) -> Bool {
        orientation == .upright || orientation == .mirror
    }

    /// The destination sizes, in bytes, of frames written in ascending
    /// lines (`writesAscendingLines`) for which an automatic `SIMDConverter`
    /// finds the store kind by trial (`StoreKindTrials`) rather than by
    /// `streamingThreshold(for:)`: from half the upright threshold to four
    /// times it. On every machine kind measured, ordinary stores won below
    /// that range and streaming above it; within it, which wins moved with
    /// what else ran between two frames (docs/kernel.md, "Store policy").
    public static var trialRange: Range<Int> {
        let threshold = streamingThreshold(for: .upright)
        return threshold / 2..<4 * threshold
    }

    /// Whether the policy asks for streaming stores into `destination`
    /// converted into `orientation`, judged by its size in bytes (stride ×
    /// height); the kernel streams only if the rows are also 64-byte
    /// aligned.
    public func wantsStreaming(for destination: BGRAView, orientation: Orientation) -> Bool {
        switch self {
        case .cached: false
        case .streaming: true
        case .automatic: destination.stride * destination.height >= Self.streamingThreshold(for: orientation)
        }
    }

    /// The environment variable that fixes the policy of converters made
    /// without one (values `cached`, `streaming`, `automatic`).
    public static let environmentVariable = "FRAMEBENCH_STORES"

    /// The policy FRAMEBENCH_STORES names, else `.automatic`. Read once per process.
    public static let environmentDefault: SIMDStorePolicy = {
        guard let value = getenv(environmentVariable) else { return .automatic }
        return SIMDStorePolicy(environmentValue: String(cString: value)) ?? .automatic
    }()

    /// The policy a FRAMEBENCH_STORES value names (case ignored), or nil if it names none.
    public init?(environmentValue: String) {
        self.init(rawValue: environmentValue.lowercased())
    }
}
