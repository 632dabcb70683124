import Foundation
import Frames
import Measurement
import Testing

@Suite struct BaselineFileTests {
    static let hd = FrameSize(width: 1920, height: 1080)

    /// An entry whose one run at 1920×1080 measured `ratios`.
    static func entry(_ ratios: [String: Double], date: String) -> Baseline {
        Baseline(
            note: "test", command: "test", date: date, machine: "test", matrix: "bt601", runs: 1,
            statistic: "test", samples: ["1920x1080": ratios.mapValues { [$0] }], wallSamples: [:])
    }

    static let machineA = MachineKey(vendor: "AuthenticAMD", family: "25", model: "1", cores: 2, simdLevel: "avx2")
    static let machineB = MachineKey(vendor: "AuthenticAMD", family: "26", model: "2", cores: 2, simdLevel: "avx512")
    static let machineC = MachineKey(vendor: "GenuineIntel", family: "6", model: "143", cores: 2, simdLevel: "avx512")

    @Test("a machine's own entry gates it; a machine without one gets the loosest ratio of each cell")
    func entryChoice() throws {
        var file = BaselineFile()
        #expect(file.limits(for: Self.machineA) == nil)
        file.machines[Self.machineA.description] = Self.entry(["simd": 0.8, "lut": 3.0], date: "a")
        file.machines[Self.machineB.description] = Self.entry(["simd": 0.5, "lut": 4.0, "parallel": 0.4], date: "b")
        let own = try #require(file.limits(for: Self.machineB))
        #expect(
            own.ratios == [
                GateCell(size: Self.hd, converter: "simd"): 0.5,
                GateCell(size: Self.hd, converter: "lut"): 4.0,
                GateCell(size: Self.hd, converter: "parallel"): 0.4,
            ])
        #expect(own.source == .own(key: Self.machineB.description, date: "b", runs: 1))
        let other = try #require(file.limits(for: Self.machineC))
        #expect(
            other.ratios == [
                GateCell(size: Self.hd, converter: "simd"): 0.8,
                GateCell(size: Self.hd, converter: "lut"): 4.0,
                GateCell(size: Self.hd, converter: "parallel"): 0.4,
            ])
        #expect(other.source == .loosest(key: Self.machineC.description, entries: 2))
        #expect(other.source.description.contains("no entry for"))
    }

    @Test("an entry's gated ratio is the worst of its runs")
    func worstRun() {
        let entry = Baseline(
            note: "", command: "", date: "", machine: "", matrix: "bt601", runs: 3, statistic: "",
            samples: ["1280x720": ["scalar": [14.8, 15.3, 15.0]]], wallSamples: [:])
        #expect(entry.ratios == ["1280x720": ["scalar": 15.3]])
        #expect(entry.cells == [GateCell(size: FrameSize(width: 1280, height: 720), converter: "scalar"): 15.3])
    }

    @Test("the file round-trips through JSON with every entry")
    func roundTrip() throws {
        var file = BaselineFile()
        file.machines["A"] = Self.entry(["simd": 0.8], date: "a")
        file.machines["B"] = Self.entry(["simd": 0.5], date: "b")
        let read = try BaselineFile(decoding: try file.encoded())
        #expect(read == file)
        #expect(!file.about.contains("  "))
    }

    @Test("bytes that are not a baseline file give one plain reason")
    func badFiles() {
        #expect(throws: BaselineFile.DecodingFailure.self) { try BaselineFile(decoding: Data("# README".utf8)) }
        #expect(Self.failure(#"{"about": "x"}"#) == "not a baseline file: no 'machines'")
        #expect(Self.failure("[1, 2") == "not JSON")
    }

    /// The reason decoding `text` fails with (nil when it does not fail).
    static func failure(_ text: String) -> String? {
        do {
            _ = try BaselineFile(decoding: Data(text.utf8))
            return nil
        } catch {
            return error.description
        }
    }
}
