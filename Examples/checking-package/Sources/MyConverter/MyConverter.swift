import Frames

/// A converter of this package: libyuv's arithmetic (docs/arithmetic.md)
/// pixel by pixel with FrameBench's matrix constants, every orientation by
/// index mapping (`Orientation.sourcePosition`), from I420 or NV12 frames
/// alike (chroma read through `SourceFrame.u` and `.v`).
public struct MyConverter: FrameConverter {
    /// `my-converter`.
    public let name = "my-converter"

    /// A converter.
    public init() {}

    /// Both layouts.
    public var layouts: [ChromaLayout] { ChromaLayout.allCases }

    /// Converts `source` into `destination` as `orientation` says.
    public func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        let k = matrix.coefficients
        let (uPlane, vPlane) = (source.u, source.v)
        for row in 0..<destination.height {
            let out = destination.row(row)
            for x in 0..<destination.width {
                let l = orientation.sourcePosition(x: x, y: row, planeWidth: source.width, planeHeight: source.height)
                let c = orientation.sourcePosition(
                    x: x / 2, y: row / 2, planeWidth: uPlane.width, planeHeight: uPlane.height)
                let y = UInt32(source.y.row(l.y)[l.x])
                let u = Int32(uPlane.row(c.y)[c.x * uPlane.step]) - 128
                let v = Int32(vPlane.row(c.y)[c.x * vPlane.step]) - 128
                let y1 = Int32(bitPattern: (y &* 0x0101 &* UInt32(k.yg)) >> 16) + k.yb
                out[4 * x] = clamp((y1 + u * k.ub) >> 6)
                out[4 * x + 1] = clamp((y1 - (u * k.ug + v * k.vg)) >> 6)
                out[4 * x + 2] = clamp((y1 + v * k.vr) >> 6)
                out[4 * x + 3] = 255
            }
        }
    }

    private func clamp(_ value: Int32) -> UInt8 { UInt8(min(max(value, 0), 255)) }
}
