@testable import bench
import Foundation
import Testing

@Suite struct BaselineFileTests {
    /// An entry with `ratios` at 1920×1080 alone.
    static func entry(_ ratios: [String: Double], date: String) -> Baseline {
        Baseline(note: "test", command: "test", date: date, machine: "test", matrix: "bt601", runs: 1,
                 statistic: "test", samples: [:], wallSamples: [:], ratios: ["1920x1080": ratios])
    }

    @Test("a machine's own entry gates it; a machine without one gets the loosest ratio of each cell")
    func entryChoice() throws {
        var file = BaselineFile()
        #expect(file.ratios(for: "any") == nil)
        file.machines["A"] = Self.entry(["simd": 0.8, "lut": 3.0], date: "a")
        file.machines["B"] = Self.entry(["simd": 0.5, "lut": 4.0, "parallel": 0.4], date: "b")
        let own = try #require(file.ratios(for: "B"))
        #expect(own.ratios == ["1920x1080": ["simd": 0.5, "lut": 4.0, "parallel": 0.4]])
        #expect(own.source.contains("entry 'B'"))
        let other = try #require(file.ratios(for: "C"))
        #expect(other.ratios == ["1920x1080": ["simd": 0.8, "lut": 4.0, "parallel": 0.4]])
        #expect(other.source.contains("no entry for 'C'"))
    }

    @Test("the file round-trips through JSON with every entry")
    func roundTrip() throws {
        var file = BaselineFile()
        file.machines["A"] = Self.entry(["simd": 0.8], date: "a")
        file.machines["B"] = Self.entry(["simd": 0.5], date: "b")
        let path = NSTemporaryDirectory() + "/baseline-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try file.save(path)
        let read = try BaselineFile.load(path)
        #expect(read.about == file.about && !file.about.contains("  "))
        #expect(read.machines.keys.sorted() == ["A", "B"])
        #expect(read.machines["B"]?.ratios == ["1920x1080": ["simd": 0.5]])
    }
}
