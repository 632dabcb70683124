import Frames
import SIMDRows

// The memory floor at the AVX2 level: `floorPass`, `floorBlocksPass` and
// `floorPlanesPass` (SIMDRows/FloorRows.swift)
// instantiated with this module's tag, so it is compiled with -target-cpu
// haswell. Check the hot loops (vmovdqu/vpor ymm loads, vmovntdq ymm
// stores, no calls) after any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX2.build/FloorRowsAVX2.swift.o

extension SIMDAVX2Level {
    /// 32 bytes: one YMM register.
    public typealias FloorVector = SIMD4<UInt64>
}

/// One memory-floor pass (`floorPass`) with 32-byte
/// vectors: ordinary stores four a step, streaming lines as two 32-byte
/// `vmovntdq`. Call only when the CPU supports AVX2.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
func floorPassAVX2(
    _ source: SourceFrame, to destination: BGRAView, streaming: Bool, piece: Int, singleRows: Bool
) -> UInt8 {
    floorPass(
        SIMDAVX2Level.self, source, to: destination, streaming: streaming, piece: piece, singleRows: singleRows)
}

/// One memory-floor pass in the row kernel's 64-pixel blocks
/// (`floorBlocksPass`, with its `prefetch`). Call only when the CPU
/// supports AVX2.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
func floorBlocksPassAVX2(
    _ source: SourceFrame, to destination: BGRAView, streaming: Bool, prefetch: Bool
) -> UInt8 {
    floorBlocksPass(SIMDAVX2Level.self, source, to: destination, streaming: streaming, prefetch: prefetch)
}

/// One memory-floor pass plane by plane (`floorPlanesPass`) with
/// 32-byte vectors. Call only when the CPU supports AVX2.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
func floorPlanesPassAVX2(_ source: SourceFrame, to destination: BGRAView, streaming: Bool) -> UInt8 {
    floorPlanesPass(SIMDAVX2Level.self, source, to: destination, streaming: streaming)
}
