import Frames

/// The readable reference: one pixel at a time, each line mirroring the
/// documented arithmetic (yuv-arithmetic.md, "Per-pixel arithmetic").
public struct ScalarConverter: FrameConverter {
    /// `"scalar"`.
    public let name = "scalar"

    /// Creates the reference converter.
    public init() {}

    /// Converts pixel by pixel; see `FrameConverter` for the guarantees.
    public func convert(_ source: I420View, to destination: BGRAView, matrix: ColorMatrix) {
        checkSizes(source, destination)
        let k = matrix.coefficients
        for row in 0..<source.height {
            let yRow = source.y.row(row), uRow = source.u.row(row / 2), vRow = source.v.row(row / 2)
            let out = destination.row(row)
            for x in 0..<source.width {
                let pixel = Self.bgr(y: yRow[x], u: uRow[x / 2], v: vRow[x / 2], k)
                out[4 * x] = pixel.b
                out[4 * x + 1] = pixel.g
                out[4 * x + 2] = pixel.r
                out[4 * x + 3] = 255
            }
        }
    }

    /// One pixel through libyuv's fixed-point arithmetic with constants `k`.
    @inlinable
    public static func bgr(y: UInt8, u: UInt8, v: UInt8, _ k: YUVCoefficients) -> (b: UInt8, g: UInt8, r: UInt8) {
        let y1 = Int32(bitPattern: (UInt32(y) &* 0x0101 &* UInt32(k.yg)) >> 16) + k.yb  // unsigned product, logical shift
        let ui = Int32(u) - 128
        let vi = Int32(v) - 128
        let b = clamp255((y1 + ui * k.ub) >> 6)
        let g = clamp255((y1 - (ui * k.ug + vi * k.vg)) >> 6)
        let r = clamp255((y1 + vi * k.vr) >> 6)
        return (b, g, r)
    }

    /// Clamps to 0 ... 255.
    @inlinable
    static func clamp255(_ value: Int32) -> UInt8 {
        UInt8(min(max(value, 0), 255))
    }
}
