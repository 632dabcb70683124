import Converters
import Frames
import TestSupport
import Testing

/// The documented arithmetic (`ScalarConverter.bgr`), evaluated pixel by
/// pixel, equals libyuv: the reference itself is proved, independently of
/// how any converter loops.
@Suite struct ReferenceFormulaTests {
    @Test("the reference formula equals libyuv on every (y, v) for six u values", arguments: ColorMatrix.allCases)
    func formulaMatchesOracle(matrix: ColorMatrix) throws {
        // The documented arithmetic, evaluated pixel by pixel, against libyuv:
        // proves the reference itself, independently of how converters loop.
        let source = I420Buffer(size: ExhaustiveFrames.size)
        let expected = BGRABuffer(size: ExhaustiveFrames.size)
        let k = matrix.coefficients
        var mismatches = 0
        for u in stride(from: 0, through: 255, by: 51) {
            ExhaustiveFrames.fill(source, u: UInt8(u))
            try ConvertersUnderTest.oracle.convert(source.view, to: expected.view, matrix: matrix)
            let bytes = expected.allBytes
            for row in 0..<ExhaustiveFrames.size.height {
                for x in 0..<ExhaustiveFrames.size.width {
                    let y = UInt8(4 * (row / 2) + 2 * (row % 2) + x % 2)
                    let pixel = ScalarConverter.bgr(y: y, u: UInt8(u), v: UInt8(x / 2), k)
                    let at = 4 * (row * ExhaustiveFrames.size.width + x)
                    if (bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]) != (pixel.b, pixel.g, pixel.r, 255) {
                        mismatches += 1
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }
}
