import Converters
import Foundation

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
    /// CPU caches: (type, level, size in bytes, CPUs sharing it).
    public let caches: [(type: String, level: Int, size: Int, sharing: Int)]

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
        let vectorFlags = ["sse4_1", "avx2", "avx512f", "avx512bw", "asimd", "sve"].filter(flags.contains)
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
            caches: readCaches())
    }

    /// The `simd` converter's path: its instruction-set level and when it
    /// uses streaming stores.
    public static func simdDescription() -> String {
        let simd = SIMDConverter()
        let stores =
            simd.stores == .automatic
            ? "streaming stores from \(SIMDStorePolicy.streamingThreshold >> 10) KiB of output"
            : "\(simd.stores.rawValue) stores"
        return "simd level \(simd.level), \(stores)"
    }

    /// The caches of CPU 0 from `/sys/devices/system/cpu/cpu0/cache`.
    private static func readCaches() -> [(type: String, level: Int, size: Int, sharing: Int)] {
        let root = "/sys/devices/system/cpu/cpu0/cache"
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter {
            $0.hasPrefix("index")
        }.sorted()
        return entries.compactMap { entry in
            /// The trimmed contents of this cache's attribute file `name`.
            func read(_ name: String) -> String? {
                (try? String(contentsOfFile: "\(root)/\(entry)/\(name)", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let type = read("type"), let level = read("level").flatMap({ Int($0) }),
                let sizeText = read("size")
            else { return nil }
            let multiplier = sizeText.hasSuffix("K") ? 1024 : (sizeText.hasSuffix("M") ? 1 << 20 : 1)
            let size = (Int(sizeText.filter(\.isNumber)) ?? 0) * multiplier
            let sharing = read("shared_cpu_list").map(Self.countCPUs) ?? 1
            return (type, level, size, sharing)
        }
    }

    /// Number of CPUs in a list like `0-3,8`.
    private static func countCPUs(_ list: String) -> Int {
        list.split(separator: ",").reduce(0) { total, part in
            let bounds = part.split(separator: "-").compactMap { Int($0) }
            return total + (bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1)
        }
    }

    /// The one-line summary: CPU, cores, build configuration, SIMD path.
    public var line: String {
        "machine: \(cpuModel) (\(key.vendor) family \(key.family) model \(key.model)), \(cores) cores, \(build) build, \(simdPath)"
    }
}
