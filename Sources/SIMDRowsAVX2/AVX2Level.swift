import Frames
import SIMDRows

#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// The tag that instantiates the SIMD kernel in this module, which is
/// compiled with `-target-cpu haswell` (AVX2, FMA, BMI2).
public enum SIMDAVX2Level: SIMDLevelTag {
    /// Two rows at a time, sharing chroma terms (no spills with 16 YMM registers).
    @inlinable public static var convertsRowPairs: Bool { true }

    /// One 32-byte `vmovntdq`.
    @inline(__always)
    public static func storeStreaming(_ value: SIMD8<UInt32>, at address: UnsafeMutableRawPointer) {
        #if arch(x86_64)
        _mm256_stream_si256(address.assumingMemoryBound(to: __m256i.self), unsafeBitCast(value, to: __m256i.self))
        #else
        address.storeBytes(of: value, as: SIMD8<UInt32>.self)  // never run: this level is x86-64 only
        #endif
    }
}

#if arch(x86_64)
/// 256-bit 8 × 8 transposes and byte reversals (`SIMDLevelTagAVX2`).
extension SIMDAVX2Level: SIMDLevelTagAVX2 {}
#endif

/// Converts destination rows `rows` of `source` oriented by `orientation`
/// into `destination` with the kernel compiled for AVX2 (all rows upright:
/// the upright frame kernel). Call only when the CPU and OS support AVX2,
/// FMA and BMI2 (`SIMDLevel.supported` contains `.avx2`); otherwise it
/// faults with an illegal instruction. `streaming` as for `convertFrame`.
/// - Precondition: `destination` has the oriented size of `source`; `rows` lies within it.
@inline(never)
public func convertAVX2(
    _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation, rows: Range<Int>,
    streaming: Bool
) {
    convertFrame(
        SIMDAVX2Level.self, source, to: destination, matrix: matrix, orientation: orientation, rows: rows,
        streaming: streaming)
}
