import ConverterChecks
import Converters
import Frames
import Peers
import Testing

/// The definition NV12 conformance rests on: libyuv converts an NV12 frame
/// (`NV12ToARGBMatrix` upright; `NV12ToI420Rotate`, `I420Mirror`, then
/// `I420ToARGBMatrix` otherwise) to exactly the bytes `I420ToARGBMatrix`
/// (after `I420Rotate` and `I420Mirror`) gives for the frame's I420 twin.
/// Both sides are libyuv's own functions; only the twin's repacking is ours.
@Suite struct LibYUVNV12Tests {
    @Test("libyuv on NV12 equals libyuv on the I420 twin, sizes 1…67 × 1…9", arguments: ColorMatrix.allCases)
    func twins(matrix: ColorMatrix) throws {
        let libyuv = LibYUVConverter()
        for height in 1...9 {
            for width in 1...67 {
                let size = FrameSize(width: width, height: height)
                let planes = I420Buffer.random(size: size, padding: width % 5, seed: UInt64(width * 16 + height))
                let twin = NV12Buffer(twinOf: planes.view, padding: width % 3)
                for orientation in Orientation.allCases {
                    let oriented = orientation.orientedSize(of: size)
                    let expected = BGRABuffer(size: oriented)
                    let actual = BGRABuffer(size: oriented)
                    libyuv.convert(.i420(planes.view), to: expected.view, matrix: matrix, orientation: orientation)
                    libyuv.convert(.nv12(twin.view), to: actual.view, matrix: matrix, orientation: orientation)
                    #expect(
                        actual.allBytes.elementsEqual(expected.allBytes),
                        "\(size) \(orientation.name) \(matrix.name)")
                }
            }
        }
    }

    @Test("an NV12 twin holds the I420 frame's samples pair by pair")
    func twinLayout() {
        let planes = I420Buffer.random(size: FrameSize(width: 5, height: 3), padding: 2, seed: 9)
        let buffer = NV12Buffer(twinOf: planes.view)
        let twin = buffer.view
        #expect(twin.uv.width == 6 && twin.uv.height == 2)
        for row in 0..<2 {
            for x in 0..<3 {
                #expect(twin.uv.row(row)[2 * x] == planes.view.u.row(row)[x])
                #expect(twin.uv.row(row)[2 * x + 1] == planes.view.v.row(row)[x])
            }
        }
        withExtendedLifetime((buffer, planes)) {}
    }
}
