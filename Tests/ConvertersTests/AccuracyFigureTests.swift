import Converters
import Frames
import Testing

/// Reports how far the fixed-point arithmetic is from the ideal matrices
/// (printed for the record; the bounds only catch a broken measurement).
@Suite struct AccuracyFigureTests {
    @Test("accuracy against the ideal matrix", arguments: ColorMatrix.allCases)
    func report(matrix: ColorMatrix) {
        let accuracy = ArithmeticAccuracy(measuring: matrix)
        print("accuracy \(accuracy.summary)")
        // Each channel is within a few levels on average (blue of the limited
        // matrices is the worst: libyuv caps UB at 128), and the rounding of
        // an integer result alone makes the maximum at least 0.5.
        for (maximum, mean) in [
            (accuracy.maximum.b, accuracy.mean.b), (accuracy.maximum.g, accuracy.mean.g),
            (accuracy.maximum.r, accuracy.mean.r),
        ] {
            #expect(mean < 5)
            #expect(maximum >= 0.5 && maximum < 40)
        }
    }
}
