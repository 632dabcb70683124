import Converters
import Frames
import Peers
import TestSupport
import Testing

/// The index-mapping converters against libyuv's rotate, mirror and
/// convert passes, in every orientation, at every small size (odd sizes
/// are where the chroma sample of a pixel moves).
@Suite struct OrientationReferenceTests {
    static let canary: UInt8 = 0x5A

    @Test(
        "scalar and lut equal libyuv's passes", arguments: Orientation.allCases.map(\.name), ["scalar", "lut"])
    func indexMapping(orientation name: String, converter label: String) throws {
        let orientation = try #require(Orientation(name: name))
        let converter: any FrameConverter = label == "scalar" ? ScalarConverter() : LUTConverter()
        for width in 1...19 {
            for height in 1...9 {
                let size = FrameSize(width: width, height: height)
                let source = I420Buffer.random(size: size, padding: width % 5, seed: UInt64(width * 100 + height))
                let target = orientation.orientedSize(of: size)
                let expected = BGRABuffer(size: target, padding: 8, fill: Self.canary)
                let actual = BGRABuffer(size: target, padding: 8, fill: Self.canary)
                LibYUVConverter().convert(
                    .i420(source.view), to: expected.view, matrix: .bt709, orientation: orientation)
                try converter.convert(source.view, to: actual.view, matrix: .bt709, orientation: orientation)
                guard Array(actual.allBytes) == Array(expected.allBytes) else {
                    Issue.record("\(label) \(name) \(size) differs from libyuv")
                    return
                }
            }
        }
    }
}
