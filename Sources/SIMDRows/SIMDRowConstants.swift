import Frames

/// Constants shared by every instance.
public enum SIMDRowConstants {
    /// The offset added to the luma term (and folded into the chroma terms).
    @inlinable public static var lumaOffset: Int { 32768 }

    /// 16383 (255 × 64 + 63), the upper clamp of a channel sum before `>> 6`.
    @inlinable public static var upperBoundValue: Int { 16383 }

    /// 16 lanes of `upperBoundValue`, the upper clamp of a channel sum before `>> 6`,
    /// in memory the optimiser cannot see into. (With the bound as a literal,
    /// LLVM rewrites `min(x, 16383) >> 6` into compare-and-blend sequences;
    /// loaded from memory it stays one `vpminuw`.)
    @usableFromInline nonisolated(unsafe) static let upperBound: UnsafeRawPointer = {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 32)
        bytes.initializeMemory(as: UInt16.self, repeating: UInt16(upperBoundValue), count: 16)
        return UnsafeRawPointer(bytes)
    }()

    /// The smallest and largest true (unwrapped) values of the luma term `A`
    /// and of the three chroma terms over every input, for `matrix`: the
    /// kernel is exact only if all lie in 0 ... 65535.
    public static func termRange(_ matrix: ColorMatrix) -> ClosedRange<Int> {
        let k = SIMDRowMatrices.constants(matrix)
        var low = Int.max
        var high = Int.min
        for y in 0...255 {
            let a = ((y * 0x0101 * k.yg) >> 16) + lumaOffset
            low = min(low, a)
            high = max(high, a)
        }
        for c in -128...127 {
            let b = lumaOffset - k.yb - c * k.ub
            let r = lumaOffset - k.yb - c * k.vr
            low = min(low, b, r)
            high = max(high, b, r)
            for d in -128...127 {
                let g = lumaOffset - k.yb + c * k.ug + d * k.vg
                low = min(low, g)
                high = max(high, g)
            }
        }
        return low...high
    }
}
