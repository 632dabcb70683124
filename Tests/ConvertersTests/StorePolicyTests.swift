import Converters
import Foundation
import Frames
import SIMDRows
import Testing

/// The streaming threshold follows the level-2 cache `/sys` describes.
@Suite struct StorePolicyTests {
    /// A `/sys`-like cache folder with `caches` as (level, type, size, shared_cpu_list).
    static func sysTree(_ caches: [(String, String, String, String)]) throws -> String {
        let root = NSTemporaryDirectory() + "framebench-caches-" + UUID().uuidString
        for (index, cache) in caches.enumerated() {
            let folder = "\(root)/index\(index)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (name, value) in [
                ("level", cache.0), ("type", cache.1), ("size", cache.2), ("shared_cpu_list", cache.3),
            ] {
                try (value + "\n").write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
            }
        }
        return root
    }

    @Test("the caches read from /sys; 5/8 of a core's own L2 as the upright threshold, 3/8 in other orientations")
    func thresholdFromSys() throws {
        let zen5 = try Self.sysTree([
            ("1", "Data", "48K", "0"), ("1", "Instruction", "32K", "0"), ("2", "Unified", "1024K", "0"),
            ("3", "Unified", "32768K", "0-1"),
        ])
        defer { try? FileManager.default.removeItem(atPath: zen5) }
        let caches = CPUCache.read(root: zen5)
        #expect(caches.map(\.size) == [48 << 10, 32 << 10, 1 << 20, 32 << 20])
        #expect(caches.map(\.sharing) == [1, 1, 1, 2])
        #expect(CPUCache.level2PerCore(in: caches) == 1 << 20)
        for orientation in [Orientation.upright, .mirror] {
            #expect(SIMDStorePolicy.threshold(level2PerCore: 1 << 20, orientation: orientation) == 640 << 10)
            #expect(SIMDStorePolicy.threshold(level2PerCore: 2 << 20, orientation: orientation) == 1280 << 10)
            #expect(SIMDStorePolicy.threshold(level2PerCore: nil, orientation: orientation) == 640 << 10)
        }
        for orientation in Orientation.allCases where orientation != .upright && orientation != .mirror {
            #expect(SIMDStorePolicy.threshold(level2PerCore: 1 << 20, orientation: orientation) == 384 << 10)
            #expect(SIMDStorePolicy.threshold(level2PerCore: 2 << 20, orientation: orientation) == 768 << 10)
            #expect(SIMDStorePolicy.threshold(level2PerCore: nil, orientation: orientation) == 384 << 10)
        }
        // An L2 that /sys lists as shared by two logical CPUs (a core's SMT
        // siblings) is still the core's whole L2; one of size 0 is none.
        let shared = try Self.sysTree([("2", "Unified", "2M", "0-1")])
        defer { try? FileManager.default.removeItem(atPath: shared) }
        #expect(CPUCache.read(root: shared).map(\.sharing) == [2])
        #expect(CPUCache.level2PerCore(in: CPUCache.read(root: shared)) == 2 << 20)
        let empty = try Self.sysTree([("2", "Unified", "0K", "0")])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(CPUCache.level2PerCore(in: CPUCache.read(root: empty)) == nil)
        #expect(CPUCache.level2PerCore(in: CPUCache.read(root: "/nonexistent")) == nil)
    }
}
