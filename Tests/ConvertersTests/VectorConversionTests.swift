import Conformance
import Converters
import Frames
import TestSupport
import Testing
import VPX

/// Every frame of every official VP8 vector, through every converter, gives
/// libyuv's bytes, for every matrix.
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
            if expected?.size != frame.image.size {
                expected = BGRABuffer(size: frame.image.size, padding: 4)
                actual = BGRABuffer(size: frame.image.size, padding: 4)
            }
            for matrix in ColorMatrix.allCases {
                try ConvertersUnderTest.oracle.convert(frame.image, to: expected!.view, matrix: matrix)
                for (label, converter) in ConvertersUnderTest.all {
                    try converter.convert(frame.image, to: actual!.view, matrix: matrix)
                    #expect(
                        firstDifference(actual!.allBytes, expected!.allBytes) == nil,
                        "\(label) \(matrix.name) packet \(frame.packet)")
                }
            }
        }
        #expect(frames > 0)
    }
}
