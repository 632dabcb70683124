import Conformance
import Converters
import Frames
import TestSupport
import Testing
import VPX

/// Every frame of every official VP8 vector, through every converter, gives
/// libyuv's bytes: upright for every matrix, and in the seven other
/// orientations for one matrix (the orientation code does not depend on the
/// matrix, which the upright frames and SizeTests cover).
@Suite struct VectorConversionTests {
    static let vectors = TestPaths.officialVectors

    @Test(
        "every frame equals libyuv", .enabled(if: !vectors.isEmpty, Comment(rawValue: TestPaths.missingVectorsReason)),
        arguments: vectors)
    func everyFrame(path: String) throws {
        var expected: BGRABuffer?
        var actual: BGRABuffer?
        var frames = 0
        _ = try StreamDecoder.decode(path: path) { frame in
            frames += 1
            let cases =
                ColorMatrix.allCases.map { ($0, Orientation.upright) }
                + Orientation.allCases.dropFirst().map { (ColorMatrix.bt709, $0) }
            for (matrix, orientation) in cases {
                let size = orientation.orientedSize(of: frame.image.size)
                if expected?.size != size {
                    expected = BGRABuffer(size: size, padding: 4)
                    actual = BGRABuffer(size: size, padding: 4)
                }
                ConvertersUnderTest.oracle.convert(
                    frame.image, to: expected!.view, matrix: matrix, orientation: orientation)
                for (label, converter) in ConvertersUnderTest.all {
                    try converter.convert(frame.image, to: actual!.view, matrix: matrix, orientation: orientation)
                    #expect(
                        firstDifference(actual!.allBytes, expected!.allBytes) == nil,
                        "\(label) \(matrix.name) \(orientation) packet \(frame.packet)")
                }
            }
        }
        #expect(frames > 0)
    }
}
