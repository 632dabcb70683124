import Frames

#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// The tag of the baseline instance (built with the package's default target).
public enum SIMDBaselineLevel: SIMDLevelTag {
    /// One row at a time: with 128-bit registers the row pair spills.
    @inlinable public static var convertsRowPairs: Bool { false }

    /// Two 16-byte `movntdq` on x86-64 (SSE2); an ordinary store elsewhere
    /// (Swift has no portable non-temporal store).
    @inlinable @inline(__always)
    public static func storeStreaming(_ value: SIMD8<UInt32>, at address: UnsafeMutableRawPointer) {
        #if arch(x86_64)
        let halves = address.assumingMemoryBound(to: __m128i.self)
        _mm_stream_si128(halves, unsafeBitCast(value.lowHalf, to: __m128i.self))
        _mm_stream_si128(halves + 1, unsafeBitCast(value.highHalf, to: __m128i.self))
        #else
        address.storeBytes(of: value, as: SIMD8<UInt32>.self)
        #endif
    }
}

/// Converts destination rows `rows` of `source` oriented by `orientation`
/// into `destination` with the kernel compiled for the target's baseline
/// instruction set (SSE2 on x86-64, NEON on arm64); all rows upright is the
/// upright frame kernel. `streaming` as for `convertFrame`.
/// - Precondition: `destination` has the oriented size of `source`; `rows` lies within it.
@inline(never)
func convertBaseline(
    _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation, rows: Range<Int>,
    streaming: Bool
) {
    convertFrame(
        SIMDBaselineLevel.self, source, to: destination, matrix: matrix, orientation: orientation, rows: rows,
        streaming: streaming)
}

extension SIMDLevelKernels {
    /// The `.baseline` level's code, compiled for the target's baseline instruction set (SSE2 on x86-64).
    public static let baseline = SIMDLevelKernels(
        level: .baseline,
        convert: { convertBaseline($0, to: $1, matrix: $2, orientation: $3, rows: $4, streaming: $5) },
        floorPass: { floorPassBaseline($0, to: $1, streaming: $2, piece: $3, singleRows: $4) },
        floorBlocksPass: { floorBlocksPassBaseline($0, to: $1, streaming: $2, prefetch: $3) },
        floorPlanesPass: { floorPlanesPassBaseline($0, to: $1, streaming: $2) })
}
