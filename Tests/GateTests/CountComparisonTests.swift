import Frames
import Measurement
import Reports
import Testing

@testable import Gate

/// The counted half of the gate on constructed counts: no Valgrind, no timing.
@Suite struct CountComparisonTests {
    static let hd = SyntheticCell(size: FrameSize(width: 1280, height: 720))
    static let vga = SyntheticCell(size: FrameSize(width: 640, height: 480))

    /// A count of `perFrame` instructions a frame over 2 frames.
    static func count(_ converter: String, _ cell: SyntheticCell, _ perFrame: UInt64, level: String = "avx2")
        -> InstructionCount
    {
        InstructionCount(converter: converter, cell: cell, level: level, frames: 2, instructions: 2 * perFrame)
    }

    static let reference = [
        count("simd", hd, 1_000_000), count("simd", hd, 3_000_000, level: "baseline"), count("lut", hd, 9_000_000),
        count("libyuv", hd, 800_000), count("swscale", hd, 2_000_000), count("simd", vga, 330_000),
    ]

    @Test("a converter fails when its count grows beyond the threshold, whatever else; shrinking says so")
    func converterVerdicts() throws {
        let head = [
            Self.count("simd", Self.hd, 1_020_000),  // +2 %: fails at 1 %
            Self.count("simd", Self.hd, 3_000_000, level: "baseline"),
            Self.count("lut", Self.hd, 8_700_000),  // -3.3 %: fewer
            Self.count("libyuv", Self.hd, 800_000), Self.count("swscale", Self.hd, 2_000_000),
            Self.count("simd", Self.vga, 331_000),  // +0.3 %: same
        ]
        let outcomes = CountComparison(threshold: 0.01).outcomes(head: head, reference: Self.reference)
        #expect(outcomes.count == 6)
        let simdHD = outcomes.filter { $0.cell.converter == "simd" && $0.cell.width == 1280 }
        #expect(simdHD.map(\.level) == ["avx2", "baseline"])
        #expect(simdHD.map(\.verdict) == [.more, .same])
        #expect(simdHD.map(\.fails) == [true, false])
        let change = try #require(simdHD[0].change)
        #expect(abs(change - 0.02) < 1e-12)
        let lut = try #require(outcomes.first { $0.cell.converter == "lut" })
        #expect(lut.verdict == .fewer && !lut.fails)
        let simdVGA = try #require(outcomes.first { $0.cell.converter == "simd" && $0.cell.width == 640 })
        #expect(simdVGA.verdict == .same && !simdVGA.fails)
        // At 3 % the same +2 % passes.
        let loose = CountComparison(threshold: 0.03).outcomes(head: head, reference: Self.reference)
        #expect(!loose.contains { $0.fails })
    }

    @Test("controls never fail a cell; when one moves the harness changed, by how much")
    func controls() throws {
        let comparison = CountComparison(threshold: 0.01, controlTolerance: 0.0001)
        let same = comparison.outcomes(head: Self.reference, reference: Self.reference)
        #expect(comparison.movedControls(same).isEmpty)
        #expect(!same.contains { $0.fails })
        var head = Self.reference
        head[3] = Self.count("libyuv", Self.hd, 804_000)  // +0.5 %
        let moved = comparison.movedControls(comparison.outcomes(head: head, reference: Self.reference))
        #expect(moved.map(\.cell.converter) == ["libyuv"])
        #expect(!moved[0].fails)
        let check = GateLines.controlCheck(moved: moved, compared: 2, tolerance: 0.0001)
        #expect(!check.passed)
        #expect(check.line.hasPrefix("FAIL  the harness changed"))
        #expect(check.detail.contains("libyuv at 1280x720 at avx2 +0.50 %"))
    }

    @Test("a count the head lacks fails; one only the head has is new and passes")
    func missingAndNew() {
        let head = Array(Self.reference.dropLast()) + [Self.count("scalar", Self.vga, 9_000_000)]
        let outcomes = CountComparison().outcomes(head: head, reference: Self.reference)
        let vga = outcomes.filter { $0.cell.width == 640 }
        #expect(vga.map(\.cell.converter) == ["scalar", "simd"])
        #expect(vga.map(\.kind) == [.new, .missing])
        #expect(vga.map(\.fails) == [false, true])
    }

    @Test("a cell's line fails by count while its timing passes, and shows both decisions")
    func combinedLine() {
        let outcomes = CountComparison().outcomes(
            head: [Self.count("simd", Self.hd, 1_020_000)], reference: [Self.count("simd", Self.hd, 1_000_000)])
        let timed = GateCheck(name: "simd at 1280x720", passed: true, detail: "cpu ×1.01 [0.97,1.05]")
        let cell = EntryCell(converter: "simd", width: 1280, height: 720)
        let check = GateLines.check(timed, cell: cell, counts: outcomes, threshold: 0.01)
        #expect(!check.passed)
        #expect(
            check.line
                == "FAIL  simd at 1280x720 more instructions: time: pass, cpu ×1.01 [0.97,1.05]; count: FAIL, "
                + "avx2 +2.00 % (1000000 → 1020000) (instructions per frame, head against reference; fails above +1.00 %)"
        )
    }

    @Test("a Callgrind dump gives its client request and its instruction total")
    func callgrindDump() throws {
        let text = """
            version: 1
            creator: callgrind-3.19.0
            pid: 14210
            cmd:  ./cgtest
            part: 1

            desc: I1 cache:
            desc: Timerange: Basic block 0 - 28867
            desc: Trigger: Client Request: count 2 1280x720/nv12 simd

            positions: line
            events: Ir
            summary: 621


            totals: 621
            """
        let dump = try #require(CallgrindDump(parsing: text))
        #expect(dump.request == "count 2 1280x720/nv12 simd")
        #expect(dump.instructions == 621)
        #expect(CallgrindDump(parsing: "desc: Trigger: Program termination\nsummary: 0\n")?.request == nil)
        #expect(CallgrindDump(parsing: "not a dump") == nil)
        let parsed = try #require(CountPlan.parse(request: "count 2 1280x720/nv12 simd"))
        #expect(parsed.converter == "simd" && parsed.frames == 2)
        #expect(parsed.cell == SyntheticCell(size: FrameSize(width: 1280, height: 720), layout: .nv12))
        #expect(CountPlan.parse(request: "count 2 333x7 simd") == nil)
    }

    @Test("the levels counted: the best below AVX-512, then baseline")
    func levels() {
        #expect(CountPlan.levels(best: .avx512vbmi) == [.avx2, .baseline])
        #expect(CountPlan.levels(best: .avx2) == [.avx2, .baseline])
        #expect(CountPlan.levels(best: .baseline) == [.baseline])
    }
}
