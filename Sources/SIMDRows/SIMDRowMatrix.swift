import Frames

/// libyuv's fixed-point constants of one colour matrix, as compile-time
/// values so that the kernel specialises per matrix (multiplications by 128
/// become shifts, every constant vector is a literal).
public protocol SIMDRowMatrix {
    /// Luma gain (× 64 × 65536 / 257).
    static var yg: Int { get }
    /// Luma bias, with the rounding half of the final `>> 6`.
    static var yb: Int { get }
    /// U contribution to blue.
    static var ub: Int { get }
    /// U contribution to green (subtracted).
    static var ug: Int { get }
    /// V contribution to green (subtracted).
    static var vg: Int { get }
    /// V contribution to red.
    static var vr: Int { get }
}

/// The six matrices of `ColorMatrix`, with the constants of the reference table.
public enum SIMDRowMatrices {
    /// BT.601 limited range (`kYuvI601Constants`).
    public enum BT601: SIMDRowMatrix {
        @inlinable public static var yg: Int { 18997 }
        @inlinable public static var yb: Int { -1160 }
        @inlinable public static var ub: Int { 128 }
        @inlinable public static var ug: Int { 25 }
        @inlinable public static var vg: Int { 52 }
        @inlinable public static var vr: Int { 102 }
    }
    /// BT.601 full range (`kYuvJPEGConstants`).
    public enum BT601Full: SIMDRowMatrix {
        @inlinable public static var yg: Int { 16320 }
        @inlinable public static var yb: Int { 32 }
        @inlinable public static var ub: Int { 113 }
        @inlinable public static var ug: Int { 22 }
        @inlinable public static var vg: Int { 46 }
        @inlinable public static var vr: Int { 90 }
    }
    /// BT.709 limited range (`kYuvH709Constants`).
    public enum BT709: SIMDRowMatrix {
        @inlinable public static var yg: Int { 18997 }
        @inlinable public static var yb: Int { -1160 }
        @inlinable public static var ub: Int { 128 }
        @inlinable public static var ug: Int { 14 }
        @inlinable public static var vg: Int { 34 }
        @inlinable public static var vr: Int { 115 }
    }
    /// BT.709 full range (`kYuvF709Constants`).
    public enum BT709Full: SIMDRowMatrix {
        @inlinable public static var yg: Int { 16320 }
        @inlinable public static var yb: Int { 32 }
        @inlinable public static var ub: Int { 119 }
        @inlinable public static var ug: Int { 12 }
        @inlinable public static var vg: Int { 30 }
        @inlinable public static var vr: Int { 101 }
    }
    /// BT.2020 limited range (`kYuv2020Constants`).
    public enum BT2020: SIMDRowMatrix {
        @inlinable public static var yg: Int { 19003 }
        @inlinable public static var yb: Int { -1160 }
        @inlinable public static var ub: Int { 128 }
        @inlinable public static var ug: Int { 12 }
        @inlinable public static var vg: Int { 42 }
        @inlinable public static var vr: Int { 107 }
    }
    /// BT.2020 full range (`kYuvV2020Constants`).
    public enum BT2020Full: SIMDRowMatrix {
        @inlinable public static var yg: Int { 16320 }
        @inlinable public static var yb: Int { 32 }
        @inlinable public static var ub: Int { 120 }
        @inlinable public static var ug: Int { 11 }
        @inlinable public static var vg: Int { 37 }
        @inlinable public static var vr: Int { 94 }
    }

    /// The constants of `matrix` as `(yg, yb, ub, ug, vg, vr)`, for tests.
    public static func constants(_ matrix: ColorMatrix) -> (yg: Int, yb: Int, ub: Int, ug: Int, vg: Int, vr: Int) {
        func of<M: SIMDRowMatrix>(_: M.Type) -> (Int, Int, Int, Int, Int, Int) { (M.yg, M.yb, M.ub, M.ug, M.vg, M.vr) }
        switch matrix {
        case .bt601: return of(BT601.self)
        case .bt601Full: return of(BT601Full.self)
        case .bt709: return of(BT709.self)
        case .bt709Full: return of(BT709Full.self)
        case .bt2020: return of(BT2020.self)
        case .bt2020Full: return of(BT2020Full.self)
        }
    }
}
