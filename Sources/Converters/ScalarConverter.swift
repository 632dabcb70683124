import Frames

/// The readable reference: one pixel at a time, each line mirroring the
/// documented arithmetic (docs/arithmetic.md, "Per pixel").
public struct ScalarConverter: DestinationBandConverter {
    /// `"scalar"`.
    public let name = "scalar"

    /// Creates the reference converter.
    public init() {}

    /// Both: it reads chroma through `SourceFrame.u` and `.v`.
    public var layouts: [ChromaLayout] { ChromaLayout.allCases }

    /// Converts pixel by pixel, each output pixel taking the luma and chroma
    /// samples `Orientation.sourcePosition` names on each plane's own size;
    /// see `FrameConverter` for the guarantees.
    public func convert(_ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation)
    {
        convert(source, to: destination, matrix: matrix, orientation: orientation, rows: 0..<destination.height)
    }

    /// Converts destination rows `rows` pixel by pixel, as the whole frame;
    /// see `DestinationBandConverter`.
    public func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation, rows: Range<Int>
    ) {
        checkSizes(source, destination, orientation, rows: rows)
        let k = matrix.coefficients
        let (uPlane, vPlane) = (source.u, source.v)
        for row in rows {
            // An output row is a straight line through each source plane.
            let y = source.y.orientedRow(row, orientation: orientation)
            let u = uPlane.orientedRow(row / 2, orientation: orientation)
            let v = vPlane.orientedRow(row / 2, orientation: orientation)
            let out = UnsafeMutableRawPointer(destination.row(row))
            for x in 0..<destination.width {
                let pixel = Self.bgr(y: y.start[x * y.step], u: u.start[x / 2 * u.step], v: v.start[x / 2 * v.step], k)
                // Memory order B, G, R, A: one little-endian 32-bit word.
                let word = UInt32(pixel.b) | UInt32(pixel.g) << 8 | UInt32(pixel.r) << 16 | 0xFF00_0000
                out.storeBytes(of: word.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
            }
        }
    }

    /// One pixel through libyuv's fixed-point arithmetic with constants `k`.
    @inlinable
    public static func bgr(y: UInt8, u: UInt8, v: UInt8, _ k: YUVCoefficients) -> (b: UInt8, g: UInt8, r: UInt8) {
        // An unsigned product and a logical shift, as libyuv's.
        let y1 = Int32(bitPattern: (UInt32(y) &* 0x0101 &* UInt32(k.yg)) >> 16) + k.yb
        let ui = Int32(u) - 128
        let vi = Int32(v) - 128
        let b = clamp255((y1 + ui * k.ub) >> 6)
        let g = clamp255((y1 - (ui * k.ug + vi * k.vg)) >> 6)
        let r = clamp255((y1 + vi * k.vr) >> 6)
        return (b, g, r)
    }

    /// Clamps to 0 ... 255, without branches (saturated colours would make
    /// a branchy clamp mispredict).
    @inlinable
    static func clamp255(_ value: Int32) -> UInt8 {
        let nonNegative = value & ~(value >> 31)  // value < 0 → 0
        let overflow = (255 - nonNegative) >> 31  // value > 255 → all ones
        return UInt8(truncatingIfNeeded: nonNegative | overflow)
    }
}

extension ScalarConverter {
    /// Its row of the converter table: exact, every orientation and layout.
    public static let entry = ConverterEntry(name: "scalar", role: .exact, duties: [.readableReference]) { _ in
        ScalarConverter()
    }
}
