import Converters
import Foundation
import Frames
import Peers
import Streams
import TestSupport
import Testing

@testable import Measurement

/// A converter that does what `inner` does upright and refuses (or fails)
/// every other orientation, like a plug-in that offers upright only.
private struct UprightOnly: FrameConverter {
    let name: String
    let inner: any FrameConverter
    let refusal: ConversionError

    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        guard orientation == .upright else { throw refusal }
        try inner.convert(source, to: destination, matrix: matrix, orientation: orientation)
    }
}

/// A converter that turns the wrong way: asked for `orientation`, it
/// writes `instead` (of the same output size).
private struct WrongTurn: FrameConverter {
    let name = "wrong"
    let instead: Orientation

    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        LUTConverter().convert(source, to: destination, matrix: matrix, orientation: instead)
    }
}

@Suite struct OrientationMeasurementTests {
    static let size = FrameSize(width: 17, height: 9)

    @Test("cells are named by size, plus the orientation when not upright")
    func cellNames() {
        #expect(SyntheticCell(size: Self.size).nameComponent == "17x9")
        #expect(SyntheticCell(size: Self.size, orientation: .rotate90Mirror).nameComponent == "17x9/rotate90-mirror")
        #expect(SyntheticCell(size: Self.size, orientation: .mirror).description == "17x9 mirror")
    }

    @Test("the bit-exactness check compares oriented output with libyuv's passes and reports refusals")
    func bitExactChecker() {
        let frame = I420Buffer.random(size: Self.size, padding: 3, seed: 7)
        let checker = BitExactChecker()
        let refusing = UprightOnly(name: "upright-only", inner: LUTConverter(), refusal: .unsupported)
        let failing = UprightOnly(name: "failing", inner: LUTConverter(), refusal: .failed(status: 7))
        for orientation in Orientation.allCases where orientation != .upright {
            checker.load(.i420(frame.view), matrix: .bt709, orientation: orientation)
            #expect(checker.compare(ScalarConverter()) == .equal, "\(orientation)")
            #expect(checker.compare(refusing) == .refused(.unsupported))
            #expect(checker.compare(failing) == .refused(.failed(status: 7)))
            let wrong = Orientation(quarterTurns: orientation.quarterTurns + 2, mirrored: orientation.isMirrored)
            #expect(checker.compare(WrongTurn(instead: wrong)) == .different, "\(orientation) as \(wrong)")
        }
        checker.load(.i420(frame.view), matrix: .bt709)
        #expect(checker.compare(refusing) == .equal)
    }

    @Test("a cell's converters convert in its orientation; one that refuses is skipped, one that fails is a failure")
    func excludedConverters() throws {
        let refusing = UprightOnly(name: "upright-only", inner: LUTConverter(), refusal: .unsupported)
        let failing = UprightOnly(name: "failing", inner: LUTConverter(), refusal: .failed(status: 7))
        let converters: [any FrameConverter] = [ScalarConverter(), refusing, failing, LibYUVConverter()]
        let cells = [SyntheticCell(size: Self.size), SyntheticCell(size: Self.size, orientation: .rotate270)]
        let results = ConverterBench.run(
            converters: converters, cells: cells, matrix: .bt601, budget: .tiny, progress: { _ in })
        #expect(results.map(\.cell) == cells)
        let upright = results[0]
        #expect(upright.excluded.isEmpty)
        #expect(upright.cells.map(\.converter) == ["scalar", "upright-only", "failing", "libyuv", "floor"])
        let turned = results[1]
        #expect(turned.orientation == .rotate270)
        #expect(turned.cells.map(\.converter) == ["scalar", "libyuv", "floor"])
        #expect(turned.cells.allSatisfy { $0.orientation == "rotate270" && $0.samples.count == 3 })
        #expect(turned.cells.first { $0.converter == "scalar" }?.bitExact == true)
        #expect(turned.cells.first { $0.converter == "scalar" }?.ratioToLibyuv != nil)
        #expect(
            turned.excluded == [
                ContenderFailure(id: .converter("upright-only"), error: .unsupported),
                ContenderFailure(id: .converter("failing"), error: .failed(status: 7)),
            ])
        #expect(turned.failures.map(\.label) == ["failing"])
    }

    @Test("verifying a file in an orientation: bit-exact with libyuv's passes, refusals skipped, wrong turns caught")
    func verifyOriented() throws {
        let file = TestPaths.ownVectorsDirectory + "/size-175x143.ivf"
        try #require(FileManager.default.fileExists(atPath: file), "\(file) missing")
        let refusing = UprightOnly(name: "upright-only", inner: LUTConverter(), refusal: .unsupported)
        let good = StreamVerifier(converters: [ScalarConverter(), refusing], matrix: .bt601, orientation: .rotate90)
            .verify(file)
        #expect(good.passed, "\(good.summary)")
        #expect(good.skipped == ["upright-only"])
        #expect(!good.goldenChecked)
        #expect(good.summary == "pass (skipped: unsupported: upright-only)")
        let bad = StreamVerifier(
            converters: [WrongTurn(instead: .rotate270)], matrix: .bt601, orientation: .rotate90
        ).verify(file)
        #expect(bad.failures.map(\.check) == ["bit-exact wrong"])
        let failing = UprightOnly(name: "failing", inner: LUTConverter(), refusal: .failed(status: 3))
        let failed = StreamVerifier(converters: [failing], matrix: .bt601, orientation: .mirror).verify(file)
        #expect(failed.failures.map(\.place) == ["convert failing at frame 0"])
        #expect(StreamVerifier(converters: [refusing], matrix: .bt601).verify(file).goldenChecked)
    }
}
