import Frames
import SIMDRows

#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

// The memory floor at the AVX-512 levels: `floorPass`, `floorBlocksPass` and
// `floorPlanesPass` (SIMDRows/FloorRows.swift)
// instantiated with this module's tag, so it is compiled with -target-cpu
// skylake-avx512 (the VBMI level measures the same floor: it adds no
// instruction that moves memory). Check the hot loops (vmovdqu/vporq zmm loads,
// ymm in `floorBlocksPass`; vmovntdq zmm stores; no calls) after any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512.build/FloorRowsAVX512.swift.o

extension SIMDLevelTagAVX512 {
    /// One 64-byte `vmovntdq`.
    @inlinable @inline(__always)
    public static func storeStreamingLine(_ value: SIMD16<UInt32>, at address: UnsafeMutableRawPointer) {
        #if arch(x86_64)
        _mm512_stream_si512(address, unsafeBitCast(value, to: __m512i.self))
        #else
        address.storeBytes(of: value, as: SIMD16<UInt32>.self)  // never run: this level is x86-64 only
        #endif
    }

    /// One: unrolled by hand, LLVM merged the four 64-byte stores and split
    /// them into eight 256-bit ones (Skylake-AVX512 prefers 256 bits).
    @inlinable public static var floorStoresPerStep: Int { 1 }
}

/// One memory-floor pass (`floorPass`) with 64-byte vectors: ordinary
/// stores one a step, streaming lines as one 64-byte `vmovntdq`. Call
/// only when `SIMDLevel.supported` contains `.avx512`.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
public func floorPassAVX512(
    _ source: SourceFrame, to destination: BGRAView, streaming: Bool, piece: Int, singleRows: Bool
) -> UInt8 {
    #if FRAMEBENCH_NO_AVX512
    preconditionFailure("this build leaves out the AVX-512 kernels (SIMDLevel.built)")
    #else
    floorPass(
        SIMDAVX512Level.self, source, to: destination, streaming: streaming, piece: piece, singleRows: singleRows)
    #endif
}

/// One memory-floor pass in the row kernel's 64-pixel blocks
/// (`floorBlocksPass`, with its `prefetch`). Call only when
/// `SIMDLevel.supported` contains `.avx512`.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
public func floorBlocksPassAVX512(
    _ source: SourceFrame, to destination: BGRAView, streaming: Bool, prefetch: Bool
) -> UInt8 {
    #if FRAMEBENCH_NO_AVX512
    preconditionFailure("this build leaves out the AVX-512 kernels (SIMDLevel.built)")
    #else
    floorBlocksPass(SIMDAVX512Level.self, source, to: destination, streaming: streaming, prefetch: prefetch)
    #endif
}

/// One memory-floor pass plane by plane (`floorPlanesPass`) with
/// 64-byte vectors. Call only when `SIMDLevel.supported` contains
/// `.avx512`.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
public func floorPlanesPassAVX512(_ source: SourceFrame, to destination: BGRAView, streaming: Bool) -> UInt8 {
    #if FRAMEBENCH_NO_AVX512
    preconditionFailure("this build leaves out the AVX-512 kernels (SIMDLevel.built)")
    #else
    floorPlanesPass(SIMDAVX512Level.self, source, to: destination, streaming: streaming)
    #endif
}
