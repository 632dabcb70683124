import Frames

/// One colour matrix as a type, so that the kernel specialises per matrix:
/// its fixed-point constants are compile-time values (multiplications by
/// 128 become shifts, every constant vector is a literal).
public protocol SIMDRowMatrix {
    /// The matrix whose constants (`SIMDRowMatrices.constants`) this type carries.
    static var colorMatrix: ColorMatrix { get }
    /// Where chroma samples are: planar unless the type says otherwise.
    associatedtype Chroma: SIMDChromaLayout = PlanarChroma
    /// The same constants with planar chroma (what a row whose interleaved
    /// chroma was split into planes converts with).
    associatedtype Planar: SIMDRowMatrix = Self
}

extension SIMDRowMatrix {
    /// Luma gain (× 64 × 65536 / 257).
    @inlinable public static var yg: Int { SIMDRowMatrices.constants(colorMatrix).yg }
    /// Luma bias, with the rounding half of the final `>> 6`.
    @inlinable public static var yb: Int { SIMDRowMatrices.constants(colorMatrix).yb }
    /// U contribution to blue.
    @inlinable public static var ub: Int { SIMDRowMatrices.constants(colorMatrix).ub }
    /// U contribution to green (subtracted).
    @inlinable public static var ug: Int { SIMDRowMatrices.constants(colorMatrix).ug }
    /// V contribution to green (subtracted).
    @inlinable public static var vg: Int { SIMDRowMatrices.constants(colorMatrix).vg }
    /// V contribution to red.
    @inlinable public static var vr: Int { SIMDRowMatrices.constants(colorMatrix).vr }
}

/// The six matrices of `ColorMatrix`, and the table of their constants.
public enum SIMDRowMatrices {
    /// BT.601 limited range.
    public enum BT601: SIMDRowMatrix {
        /// `.bt601`.
        @inlinable public static var colorMatrix: ColorMatrix { .bt601 }
    }
    /// BT.601 full range.
    public enum BT601Full: SIMDRowMatrix {
        /// `.bt601Full`.
        @inlinable public static var colorMatrix: ColorMatrix { .bt601Full }
    }
    /// BT.709 limited range.
    public enum BT709: SIMDRowMatrix {
        /// `.bt709`.
        @inlinable public static var colorMatrix: ColorMatrix { .bt709 }
    }
    /// BT.709 full range.
    public enum BT709Full: SIMDRowMatrix {
        /// `.bt709Full`.
        @inlinable public static var colorMatrix: ColorMatrix { .bt709Full }
    }
    /// BT.2020 limited range.
    public enum BT2020: SIMDRowMatrix {
        /// `.bt2020`.
        @inlinable public static var colorMatrix: ColorMatrix { .bt2020 }
    }
    /// BT.2020 full range.
    public enum BT2020Full: SIMDRowMatrix {
        /// `.bt2020Full`.
        @inlinable public static var colorMatrix: ColorMatrix { .bt2020Full }
    }

    /// libyuv's constants of `matrix` as `(yg, yb, ub, ug, vg, vr)`: the
    /// table every `SIMDRowMatrix` reads. Inlinable, so that a constant
    /// `matrix` folds to literals in the specialised kernel (the same table
    /// as `ColorMatrix.coefficients`, which is not inlinable; a test checks
    /// that the two agree).
    @inlinable
    public static func constants(_ matrix: ColorMatrix) -> (yg: Int, yb: Int, ub: Int, ug: Int, vg: Int, vr: Int) {
        switch matrix {
        case .bt601: (18997, -1160, 128, 25, 52, 102)  // kYuvI601Constants
        case .bt601Full: (16320, 32, 113, 22, 46, 90)  // kYuvJPEGConstants
        case .bt709: (18997, -1160, 128, 14, 34, 115)  // kYuvH709Constants
        case .bt709Full: (16320, 32, 119, 12, 30, 101)  // kYuvF709Constants
        case .bt2020: (19003, -1160, 128, 12, 42, 107)  // kYuv2020Constants
        case .bt2020Full: (16320, 32, 120, 11, 37, 94)  // kYuvV2020Constants
        }
    }
}
