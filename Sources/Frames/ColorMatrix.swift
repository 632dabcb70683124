/// The YUV → RGB colour matrices FrameBench converts with, each with
/// libyuv's 6-bit fixed-point constants (docs/arithmetic.md) and the ideal
/// floating-point matrix they approximate.
public enum ColorMatrix: String, CaseIterable, Sendable {
    /// BT.601, limited range (16–235): VP8 and WebRTC's default.
    case bt601 = "bt601"
    /// BT.601, full range (JPEG).
    case bt601Full = "bt601-full"
    /// BT.709, limited range.
    case bt709 = "bt709"
    /// BT.709, full range.
    case bt709Full = "bt709-full"
    /// BT.2020, limited range.
    case bt2020 = "bt2020"
    /// BT.2020, full range.
    case bt2020Full = "bt2020-full"

    /// The name used on the command line (`bt601`, `bt709-full`, ...).
    public var name: String { rawValue }

    /// The plug-in ABI's value (`FRAMEBENCH_BT601` = 0 ... `FRAMEBENCH_BT2020_FULL`
    /// = 5): the position in `allCases`, which is the command line's order.
    public var abiValue: Int32 { Int32(Self.allCases.firstIndex(of: self)!) }

    /// The matrix with ABI value `abiValue`, or nil outside 0 ... 5.
    public init?(abiValue: Int32) {
        guard Self.allCases.indices.contains(Int(abiValue)) else { return nil }
        self = Self.allCases[Int(abiValue)]
    }

    /// libyuv's fixed-point constants for this matrix.
    public var coefficients: YUVCoefficients {
        switch self {
        case .bt601: YUVCoefficients(yg: 18997, yb: -1160, ub: 128, ug: 25, vg: 52, vr: 102)
        case .bt601Full: YUVCoefficients(yg: 16320, yb: 32, ub: 113, ug: 22, vg: 46, vr: 90)
        case .bt709: YUVCoefficients(yg: 18997, yb: -1160, ub: 128, ug: 14, vg: 34, vr: 115)
        case .bt709Full: YUVCoefficients(yg: 16320, yb: 32, ub: 119, ug: 12, vg: 30, vr: 101)
        case .bt2020: YUVCoefficients(yg: 19003, yb: -1160, ub: 128, ug: 12, vg: 42, vr: 107)
        case .bt2020Full: YUVCoefficients(yg: 16320, yb: 32, ub: 120, ug: 11, vg: 37, vr: 94)
        }
    }

    /// Luma weights `(Kr, Kb)` of the ideal matrix.
    public var lumaWeights: (kr: Double, kb: Double) {
        switch self {
        case .bt601, .bt601Full: (0.299, 0.114)
        case .bt709, .bt709Full: (0.2126, 0.0722)
        case .bt2020, .bt2020Full: (0.2627, 0.0593)
        }
    }

    /// Whether samples use the full 0–255 range rather than 16–235/240.
    public var isFullRange: Bool {
        switch self {
        case .bt601Full, .bt709Full, .bt2020Full: true
        case .bt601, .bt709, .bt2020: false
        }
    }

    /// The ideal conversion in floating point, unrounded and unclamped:
    /// `(b, g, r)` on the 0–255 scale. For accuracy figures only.
    public func idealBGR(y: UInt8, u: UInt8, v: UInt8) -> (b: Double, g: Double, r: Double) {
        let (kr, kb) = lumaWeights
        let kg = 1 - kr - kb
        let yScale = isFullRange ? 1.0 : 255.0 / 219.0
        let cScale = isFullRange ? 1.0 : 255.0 / 224.0
        let yl = (Double(y) - (isFullRange ? 0 : 16)) * yScale
        let cb = (Double(u) - 128) * cScale
        let cr = (Double(v) - 128) * cScale
        let r = yl + 2 * (1 - kr) * cr
        let b = yl + 2 * (1 - kb) * cb
        let g = yl - (2 * kb * (1 - kb) * cb + 2 * kr * (1 - kr) * cr) / kg
        return (b, g, r)
    }
}

/// libyuv's fixed-point YUV → RGB constants: coefficients × 64, luma gain
/// `YG` (× 64 × 65536 / 257) and luma bias `YB` (including the rounding
/// half of the final `>> 6`).
public struct YUVCoefficients: Hashable, Sendable {
    /// Luma gain.
    public let yg: Int32
    /// Luma bias.
    public let yb: Int32
    /// U contribution to blue.
    public let ub: Int32
    /// U contribution to green (subtracted).
    public let ug: Int32
    /// V contribution to green (subtracted).
    public let vg: Int32
    /// V contribution to red.
    public let vr: Int32

    /// The constants as listed in the reference table.
    public init(yg: Int32, yb: Int32, ub: Int32, ug: Int32, vg: Int32, vr: Int32) {
        (self.yg, self.yb, self.ub, self.ug, self.vg, self.vr) = (yg, yb, ub, ug, vg, vr)
    }
}
