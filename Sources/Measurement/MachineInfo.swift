import Converters
import Foundation
import SIMDRows

/// What the numbers were measured on: printed first in every report and
/// written to the JSON `context`.
public struct MachineInfo {
    /// CPU model name (`/proc/cpuinfo`), or the architecture when unknown.
    public let cpuModel: String
    /// The kind of machine, as a report's `machine_key` names it.
    public let key: MachineKey
    /// Processors available to this process.
    public let cores: Int
    /// Nominal clock of the first CPU in MHz (0 when unknown).
    public let megahertz: Double
    /// `release` or `debug` (from the `DEBUG` condition SwiftPM sets in debug builds).
    public let build: String
    /// The SIMD path the `simd` converter uses, and the CPU's vector extensions.
    public let simdPath: String
    /// The host name.
    public let hostName: String
    /// The 1, 5 and 15 minute load averages (empty when unknown).
    public let loadAverage: [Double]
    /// CPU 0's caches.
    public let caches: [CPUCache]

    /// Whether this binary is a debug build.
    public static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// Reads everything from `/proc`, `/sys` and the process.
    public static func current() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let fields = CPUInfo(cpuinfo)
        /// The value of the first processor's `/proc/cpuinfo` field `name`.
        func field(_ name: String) -> String? { fields[name] }
        #if arch(x86_64)
        let architecture = "x86_64"
        #elseif arch(arm64)
        let architecture = "arm64"
        #else
        let architecture = "unknown architecture"
        #endif
        let flags = Set((field("flags") ?? field("Features") ?? "").split(separator: " ").map(String.init))
        let vectorFlags = ["sse4_1", "avx2", "avx512f", "avx512bw", "avx512vbmi", "asimd", "sve"].filter(flags.contains)
        let load = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "")
            .split(separator: " ").prefix(3).compactMap { Double($0) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return MachineInfo(
            cpuModel: field("model name") ?? architecture,
            key: MachineKey(cpuinfo: cpuinfo, cores: cores, simdLevel: SIMDConverter().level.rawValue),
            cores: cores,
            megahertz: Double(field("cpu MHz") ?? "") ?? 0,
            build: isDebugBuild ? "debug" : "release",
            simdPath: simdDescription() + " (CPU: "
                + (vectorFlags.isEmpty ? "no vector extensions listed" : vectorFlags.joined(separator: " ")) + ")",
            hostName: ProcessInfo.processInfo.hostName,
            loadAverage: load,
            caches: CPUCache.cpu0)
    }

    /// The `simd` converter's path: its instruction-set level and when it
    /// uses streaming stores (by trial in the trial range).
    public static func simdDescription() -> String {
        let simd = SIMDConverter()
        let stores =
            simd.stores == .automatic
            ? "stores upright and mirrored ordinary below \(SIMDStorePolicy.trialRange.lowerBound >> 10) KiB of output, "
                + "streaming from \(SIMDStorePolicy.trialRange.upperBound >> 10) KiB, the faster by trial between; "
                + "streaming from \(SIMDStorePolicy.streamingThreshold(for: .rotate180) >> 10) KiB in other orientations"
            : "\(simd.stores.rawValue) stores"
        return "simd level \(simd.level), \(stores)"
    }

    /// The one-line summary: CPU, cores, build configuration, SIMD path.
    public var line: String {
        "machine: \(cpuModel) (\(key.vendor) family \(key.family) model \(key.model)), \(cores) cores, \(build) build, \(simdPath)"
    }
}
