#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// A level whose module is compiled for AVX2 or more (SIMDRowsAVX2,
/// SIMDRowsAVX512, SIMDRowsAVX512VBMI). What such a level does alike is written once here and
/// emitted into that module: it converts row pairs, streams 32 bytes with
/// one `vmovntdq`, and on x86-64 (Placement.swift) reverses bytes in
/// 256-bit vectors, and where it also transposes blocks (AVX-512) transposes
/// 8 × 8 pixels in them.
public protocol SIMDLevelTagAVX2: SIMDLevelTag {}

extension SIMDLevelTagAVX2 {
    /// Two rows at a time, sharing chroma terms (no spills with 16 YMM
    /// registers or more).
    @_alwaysEmitIntoClient public static var convertsRowPairs: Bool { true }

    /// One 32-byte `vmovntdq`.
    @_alwaysEmitIntoClient @inline(__always)
    public static func storeStreaming(_ value: SIMD8<UInt32>, at address: UnsafeMutableRawPointer) {
        #if arch(x86_64)
        _mm256_stream_si256(address.assumingMemoryBound(to: __m256i.self), unsafeBitCast(value, to: __m256i.self))
        #else
        address.storeBytes(of: value, as: SIMD8<UInt32>.self)  // never run: these levels are x86-64 only
        #endif
    }
}
