import Conformance
import Frames
import Testing

/// Deviation figures on hand-made images: the numbers follow from the
/// definitions (max |Δ|, share of differing bytes, PSNR = 10 log10(255²/MSE)).
@Suite struct DeviationTests {
    @Test func identicalImagesAreExact() {
        let a = BGRABuffer(size: FrameSize(width: 3, height: 2), padding: 4, fill: 7)
        let b = BGRABuffer(size: FrameSize(width: 3, height: 2), padding: 0, fill: 7)
        let deviation = Deviation(actual: a.view, expected: b.view)
        #expect(deviation.isExact && deviation.psnr == nil && deviation.comparedBytes == 24)
        #expect(deviation.summary == "exact")
    }

    @Test func figuresOfKnownDifferences() {
        let size = FrameSize(width: 2, height: 2)
        let expected = BGRABuffer(size: size, padding: 8, fill: 100)
        let actual = BGRABuffer(size: size, padding: 8, fill: 100)
        actual.view.row(0)[1] = 103  // |Δ| 3
        actual.view.row(1)[6] = 99  // |Δ| 1
        actual.view.row(1)[8] = 0  // padding: not compared
        let deviation = Deviation(actual: actual.view, expected: expected.view)
        #expect(deviation.maximum == 3 && deviation.differingBytes == 2 && deviation.comparedBytes == 16)
        #expect(deviation.differingShare == 2.0 / 16)
        // MSE = (9 + 1) / 16; PSNR = 10 log10(65025 × 16 / 10) = 50.17 dB.
        #expect(abs(deviation.psnr! - 50.1720) < 0.001)
        #expect(deviation.isWithin(3) && !deviation.isWithin(2))
        var total = deviation
        total.add(deviation)
        #expect(total.differingBytes == 4 && total.comparedBytes == 32 && total.maximum == 3)
    }
}
