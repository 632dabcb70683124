import Foundation

/// One CPU cache as Linux describes it under
/// `/sys/devices/system/cpu/cpu0/cache` (made only by `read(root:)`).
public struct CPUCache: Sendable, Equatable {
    /// `Data`, `Instruction` or `Unified`.
    public let type: String
    /// 1, 2, 3.
    public let level: Int
    /// Bytes.
    public let size: Int
    /// Logical CPUs sharing it.
    public let sharing: Int

    /// The caches of CPU 0, read once for the process (empty where `/sys`
    /// does not describe them).
    public static let cpu0 = read(root: "/sys/devices/system/cpu/cpu0/cache")

    /// The caches described under `root` (one `index*` folder each, with
    /// `type`, `level`, `size` such as `1024K`, and `shared_cpu_list`).
    public static func read(root: String) -> [CPUCache] {
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
            let sharing = read("shared_cpu_list").map(countCPUs) ?? 1
            return CPUCache(type: type, level: level, size: size, sharing: sharing)
        }
    }

    /// The bytes of the level-2 cache of the core a conversion runs on, or
    /// nil when `caches` has no level-2 data cache with a size. On x86 every
    /// core has its own L2; the logical CPUs `/sys` lists as sharing it are
    /// that core's SMT siblings, so its size is not divided among them.
    public static func level2PerCore(in caches: [CPUCache]) -> Int? {
        caches.first { $0.level == 2 && $0.type != "Instruction" && $0.size > 0 }?.size
    }

    /// Number of CPUs in a list like `0-3,8`.
    private static func countCPUs(_ list: String) -> Int {
        list.split(separator: ",").reduce(0) { total, part in
            let bounds = part.split(separator: "-").compactMap { Int($0) }
            return total + (bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1)
        }
    }
}
