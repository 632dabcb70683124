import Converters
import Frames
import Peers
import Reports
import Testing

@testable import Measurement

/// `scalar` on I420, and on NV12 one byte off libyuv's: a converter
/// wrong in one layout only.
private struct WrongOnNV12: FrameConverter {
    let name = "wrong-nv12"
    var layouts: [ChromaLayout] { ChromaLayout.allCases }

    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        ScalarConverter().convert(source, to: destination, matrix: matrix, orientation: orientation)
        if source.layout == .nv12 { destination.base[0] ^= 1 }
    }
}

/// A converter that offers I420 only (the protocol's default layouts).
private struct I420Only: FrameConverter {
    let name = "i420-only"

    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        guard source.layout == .i420 else { throw .unsupported }
        ScalarConverter().convert(source, to: destination, matrix: matrix, orientation: orientation)
    }
}

@Suite struct LayoutMeasurementTests {
    static let size = FrameSize(width: 17, height: 9)

    @Test("NV12 cells are named as issue 26 names them; I420 cells as before layouts")
    func cellNames() {
        let hd = FrameSize(width: 1280, height: 720)
        let fullHD = FrameSize(width: 1920, height: 1080)
        #expect(SyntheticCell(size: fullHD, layout: .nv12).nameComponent == "1920x1080/nv12")
        #expect(
            SyntheticCell(size: hd, orientation: .rotate90, layout: .nv12).nameComponent == "1280x720/nv12/rotate90")
        #expect(SyntheticCell(size: hd, orientation: .rotate90, layout: .nv12).description == "1280x720 nv12 rotate90")
        #expect(SyntheticCell(size: hd, orientation: .rotate90).nameComponent == "1280x720/rotate90")
        #expect(
            SyntheticCell(size: hd, orientation: .rotate90, layout: .i420)
                == SyntheticCell(size: hd, orientation: .rotate90))
        #expect(SyntheticCell(size: hd).inLayout(.nv12) != SyntheticCell(size: hd))
    }

    @Test("entry names carry every layout but I420, and parse them back")
    func namedLayouts() {
        #expect(Set(EntryName.namedLayouts) == Set(ChromaLayout.allCases.filter { $0 != .i420 }.map(\.rawValue)))
    }

    @Test("an NV12 cell measures NV12 frames: bit-exactness against libyuv's NV12 conversion, refusals skipped")
    func nv12Cell() throws {
        let converters: [any FrameConverter] = [ScalarConverter(), WrongOnNV12(), I420Only(), LibYUVConverter()]
        let cells = [SyntheticCell(size: Self.size), SyntheticCell(size: Self.size, layout: .nv12)]
        let results = ConverterBench.run(
            converters: converters, cells: cells, matrix: .bt709, budget: .tiny, progress: { _ in })
        let (i420, nv12) = (results[0], results[1])
        #expect(i420.cell == cells[0] && nv12.cell == cells[1])
        #expect(nv12.cells.allSatisfy { $0.layout == "nv12" && $0.cell?.layout == "nv12" })
        func exact(_ cell: CellResults, _ label: String) -> Bool? {
            cell.cells.first { $0.converter == label }?.bitExact
        }
        #expect(exact(i420, "wrong-nv12") == true)
        #expect(exact(nv12, "wrong-nv12") == false)
        #expect(exact(nv12, "scalar") == true)
        #expect(exact(i420, "i420-only") == true)
        #expect(nv12.excluded == [ContenderFailure(id: .converter("i420-only"), error: .unsupported)])
        #expect(nv12.failures.isEmpty)
        #expect(!nv12.floorAlone.isEmpty)
        #expect(nv12.cells.contains { $0.isFloor && $0.ratioToLibyuv != nil })
    }

    @Test(
        "libyuv's conversion of the NV12 cell's frames is its conversion of the I420 cell's frames (the I420 frame outlives its copy)"
    )
    func sameSamples() {
        let i420 = SyntheticFrames.frames(size: Self.size, count: 2)
        let nv12 = SyntheticFrames.frames(size: Self.size, count: 2, layout: .nv12)
        let checker = BitExactChecker()
        for (a, b) in zip(i420, nv12) {
            #expect(b.layout == .nv12)
            for orientation in Orientation.allCases {
                checker.load(a.view, matrix: .bt601, orientation: orientation)
                let expected = checker.referenceDigest()
                checker.load(b.view, matrix: .bt601, orientation: orientation)
                #expect(checker.referenceDigest() == expected, "\(orientation)")
            }
        }
    }

    @Test("what NV12 costs: each contender's NV12 cell ÷ its I420 cell of the same size and orientation")
    func layoutCost() throws {
        func cell(_ layout: ChromaLayout, orientation: Orientation = .upright, simd: Double) -> CellResults {
            let rounds = 40
            let samples = [
                CellSamples(
                    id: .converter("simd"), wall: (0..<rounds).map { simd + Double($0 % 5) },
                    cpu: Array(repeating: 1, count: rounds)),
                CellSamples(
                    id: .floor(threads: 1), wall: (0..<rounds).map { 100 + Double($0 % 5) },
                    cpu: Array(repeating: 1, count: rounds)),
            ]
            return ConverterBench.summarize(
                samples, size: Self.size, orientation: orientation, layout: layout, bitExact: [:])
        }
        let costs = LayoutCost.all(in: [
            cell(.i420, simd: 200), cell(.nv12, simd: 300), cell(.nv12, orientation: .mirror, simd: 300),
        ])
        // The mirrored NV12 cell has no I420 twin: no cost.
        #expect(costs.map(\.label) == ["simd", "floor"])
        let simd = try #require(costs.first)
        #expect(simd.cell == SyntheticCell(size: Self.size, layout: .nv12))
        #expect(simd.estimate.lower <= 302.0 / 202 && simd.estimate.upper >= 302.0 / 202)
        #expect(abs(simd.estimate.median - 302.0 / 202) < 0.02)
        #expect(simd.conclusive)
        #expect(abs(costs[1].estimate.median - 1) < 1e-9)
    }
}
