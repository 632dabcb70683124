import Frames
import Gate
import Reports
import Statistics
import Testing

/// The gate's NV12 cells: what the processes are asked for, and how a cell
/// that a reference built before layouts cannot measure comes out.
@Suite struct GateLayoutTests {
    static let i420 = EntryCell(converter: "simd", width: 1280, height: 720)
    static let nv12 = EntryCell(converter: "simd", width: 1280, height: 720, layout: "nv12")

    /// A process report with `cpu` µs per frame and `toFloor` per-round
    /// ratios to the floor for each cell.
    static func run(_ cells: [(EntryCell, Double)], toFloor: [Double] = [1.25, 1.5, 1.75]) -> ReportDocument {
        ReportDocument(
            machineKey: nil,
            benchmarks: cells.map { cell, cpu in
                ReportEntry(
                    name: "convert/\(cell.converter)/\(cell.width)x\(cell.height)/\(cell.layout)",
                    samples: [cpu, cpu * 1.01], ratiosToFloor: toFloor, cpuTime: cpu, meanTime: cpu, cell: cell)
            })
    }

    @Test("by default the head is asked for I420 everywhere and NV12 at 1280x720 and 1920x1080 (issue 26)")
    func defaultArguments() {
        let layouts = GateLayouts(nil)
        #expect(layouts.layouts == [.i420, .nv12])
        #expect(layouts.arguments == ["--layout", "i420,nv12", "--layout-sizes", "1280x720,1920x1080"])
        #expect(layouts.names == ["i420", "nv12"])
        #expect(GateLayouts([.i420]).arguments.isEmpty)
        #expect(GateLayouts([.nv12]).arguments == ["--layout", "nv12"])
    }

    @Test("a bench knows layouts when its report help lists --layout-sizes")
    func probe() {
        #expect(GateLayouts.knowsLayouts(help: "  --layout-sizes <WxH[,WxH...]>\n"))
        #expect(!GateLayouts.knowsLayouts(help: "  --orientation <orientation[,orientation...]>\n  --only-sizes <x>"))
    }

    @Test("NV12 cells the reference cannot measure are not gated, pass, and carry the head's ratios to its floor")
    func notGated() throws {
        var comparison = GateComparison(threshold: 0.05, converters: ["simd", "libyuv"], layouts: ["i420", "nv12"])
        comparison.referenceLacks = ["nv12": "the reference's bench cannot measure nv12"]
        let head = [100.0, 101, 99, 102].map { Self.run([(Self.i420, $0), (Self.nv12, 3 * $0)]) }
        let reference = [100.0, 100, 101, 99].map { Self.run([(Self.i420, $0)]) }
        let outcomes = comparison.outcomes(head: head, reference: reference)
        #expect(outcomes.map(\.cell) == [Self.i420, Self.nv12])
        let verdict = try #require(GateComparisonTests.compared(outcomes[0]), "the I420 cell is not compared").verdict
        #expect(verdict == .same)
        #expect(
            outcomes[1].kind
                == .notGated(
                    reason: "the reference's bench cannot measure nv12", headFloorRatios: [1.5, 1.5, 1.5, 1.5]))
        #expect(!outcomes[1].fails)
        // Without the reason the cell is merely new.
        comparison.referenceLacks = [:]
        #expect(comparison.outcomes(head: head, reference: reference)[1].kind == .new)
    }

    @Test("cells of layouts not gated are left out: an NV12-only gate does not miss the reference's I420 cells")
    func layoutFilter() {
        let comparison = GateComparison(threshold: 0.05, converters: ["simd"], layouts: ["nv12"])
        let head = [100.0, 101, 99, 102].map { Self.run([(Self.nv12, $0)]) }
        let reference = [100.0, 100, 101, 99].map { Self.run([(Self.i420, $0), (Self.nv12, $0)]) }
        let outcomes = comparison.outcomes(head: head, reference: reference)
        #expect(outcomes.map(\.cell) == [Self.nv12])
        #expect(!outcomes.contains { $0.fails })
        // Gating every layout, the reference's I420 cell is missing from the head and fails.
        let all = GateComparison(threshold: 0.05, converters: ["simd"])
        #expect(all.outcomes(head: head, reference: reference).contains { $0.fails })
    }

    @Test("a slower NV12 cell measured by both sides fails like any other")
    func nv12Compared() {
        let comparison = GateComparison(threshold: 0.05, converters: ["simd"], layouts: ["i420", "nv12"])
        let head = [130.0, 128, 133, 131].map { Self.run([(Self.nv12, $0)]) }
        let reference = [100.0, 101, 99, 102].map { Self.run([(Self.nv12, $0)]) }
        let outcomes = comparison.outcomes(head: head, reference: reference)
        #expect(outcomes.count == 1 && outcomes[0].fails)
    }
}
