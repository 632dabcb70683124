import Foundation
import Frames
import Measurement
import Statistics
import Testing

/// The gate's oriented cells: how baselines name them, how old baselines
/// (sizes only) read, and what the policy makes of a cell without a ratio.
@Suite struct OrientedBaselineTests {
    static let hd = FrameSize(width: 1280, height: 720)
    static let vga = FrameSize(width: 640, height: 480)
    static let key = MachineKey(vendor: "AuthenticAMD", family: "26", model: "2", cores: 2, simdLevel: "avx512")

    /// A baseline file with one machine entry whose `ratios` are written by hand, as JSON.
    static func file(ratios: String) throws -> BaselineFile {
        let text = """
            {"about": "hand-made", "machines": {"\(key)": {
              "note": "n", "command": "c", "date": "d", "machine": "m", "matrix": "bt601", "runs": 1,
              "statistic": "s", "samples": {}, "wall_samples": {}, "ratios": \(ratios)}}}
            """
        return try BaselineFile(decoding: Data(text.utf8))
    }

    /// A ratio estimate from 200 per-round ratios spread evenly over `center ± spread`.
    static func estimate(_ center: Double, spread: Double) -> RatioEstimate {
        RatioEstimate(ratios: (0..<200).map { center - spread + 2 * spread * Double($0) / 199 })!
    }

    @Test("a baseline written before orientations reads as upright cells")
    func oldBaseline() throws {
        let file = try Self.file(ratios: #"{"1280x720": {"simd": 0.9, "lut": 4.5}}"#)
        let limits = try #require(file.limits(for: Self.key))
        #expect(
            limits.ratios == [
                GateCell(size: Self.hd, orientation: .upright, converter: "simd"): 0.9,
                GateCell(size: Self.hd, converter: "lut"): 4.5,
            ])
        #expect(limits.ratios[GateCell(size: Self.hd, orientation: .rotate90, converter: "simd")] == nil)
    }

    @Test("oriented cells are keyed size/orientation; keys that do not parse are ignored")
    func orientedKeys() throws {
        let file = try Self.file(
            ratios: #"""
                {"1280x720": {"simd": 0.9}, "1280x720/rotate90": {"simd": 0.7, "lut": 2.5},
                 "640x480/mirror": {"lut": 3.0}, "640x480/sideways": {"lut": 1.0}, "640x480/upright": {"lut": 1.0}}
                """#)
        let ratios = try #require(file.limits(for: Self.key)).ratios
        #expect(
            ratios == [
                GateCell(size: Self.hd, converter: "simd"): 0.9,
                GateCell(size: Self.hd, orientation: .rotate90, converter: "simd"): 0.7,
                GateCell(size: Self.hd, orientation: .rotate90, converter: "lut"): 2.5,
                GateCell(size: Self.vga, orientation: .mirror, converter: "lut"): 3.0,
            ])
        #expect(
            GateCell(size: Self.hd, orientation: .rotate90, converter: "simd").description
                == "simd at 1280x720 rotate90")
    }

    @Test("an entry written with oriented cells round-trips and keeps the upright keys of old files")
    func writtenCells() throws {
        let cells = [SyntheticCell(size: Self.hd), SyntheticCell(size: Self.vga, orientation: .mirror)]
        let entry = Baseline(
            note: "", command: "", date: "", machine: "", matrix: "bt601", runs: 2, statistic: "",
            samples: Dictionary(uniqueKeysWithValues: cells.map { ($0.nameComponent, ["lut": [3.0, 3.5]]) }),
            wallSamples: [:])
        #expect(Set(entry.ratios.keys) == ["1280x720", "640x480/mirror"])
        var file = BaselineFile()
        file.machines[Self.key.description] = entry
        let read = try BaselineFile(decoding: try file.encoded())
        #expect(read == file)
        #expect(
            read.limits(for: Self.key)?.ratios == [
                GateCell(size: Self.hd, converter: "lut"): 3.5,
                GateCell(size: Self.vga, orientation: .mirror, converter: "lut"): 3.5,
            ])
    }

    @Test("an oriented cell missing from the baseline is not gated, however slow; one in it is gated")
    func missingCellNotGated() throws {
        let file = try Self.file(ratios: #"{"1280x720": {"simd": 0.9}, "640x480/mirror": {"simd": 1.0}}"#)
        let limits = try #require(file.limits(for: Self.key))
        let policy = GatePolicy(tolerance: 0.25)
        let slow = Self.estimate(5, spread: 0.1)
        let rotated = limits.ratios[GateCell(size: Self.hd, orientation: .rotate90, converter: "simd")]
        #expect(policy.decide(baseline: rotated, measured: slow) == .notGated)
        let mirrored = limits.ratios[GateCell(size: Self.vga, orientation: .mirror, converter: "simd")]
        #expect(policy.decide(baseline: mirrored, measured: slow) == .remeasure)
        #expect(policy.decide(baseline: mirrored, measured: slow, earlier: slow) == .fail)
        #expect(policy.decide(baseline: mirrored, measured: Self.estimate(1.1, spread: 0.05)) == .pass)
    }
}
