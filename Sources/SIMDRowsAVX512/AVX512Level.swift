import Frames
import SIMDRows

/// The tag that instantiates the SIMD kernel in this module, which is
/// compiled with `-target-cpu skylake-avx512` (AVX-512 F, BW, VL, DQ, CD).
/// Its blocks are `SIMDLevelTagAVX512`'s: 64-pixel row-pair blocks in
/// 512-bit vectors, row ends included; rows of 32 ..< 64 pixels and
/// single rows use the kernel's 256-bit blocks; quarter turns convert
/// 16 × 16 blocks transposed in registers, and mirrors reverse the pixels
/// of the row-pair blocks in registers.
public enum SIMDAVX512Level: SIMDLevelTagAVX512 {
    /// 64 bytes: one ZMM register.
    public typealias FloorVector = SIMD8<UInt64>
}

/// Converts destination rows `rows` of `source` oriented by `orientation`
/// into `destination` with the kernel compiled for AVX-512 (all rows
/// upright: the upright frame kernel). Call only when the CPU and OS
/// support AVX-512 F, BW, VL, DQ and CD (`SIMDLevel.supported` contains
/// `.avx512`); otherwise it faults with an illegal instruction (or, in a
/// build without this level, `SIMDLevel.built`, stops with a precondition
/// failure). `streaming` as for `convertFrame`.
/// - Precondition: `destination` has the oriented size of `source`; `rows` lies within it.
@inline(never)
func convertAVX512(
    _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation, rows: Range<Int>,
    streaming: Bool
) {
    #if FRAMEBENCH_NO_AVX512
    preconditionFailure("this build leaves out the AVX-512 kernels (SIMDLevel.built)")
    #else
    convertFrame(
        SIMDAVX512Level.self, source, to: destination, matrix: matrix, orientation: orientation, rows: rows,
        streaming: streaming)
    #endif
}

extension SIMDLevelKernels {
    /// The `.avx512` level's code, compiled for AVX-512 (`-target-cpu skylake-avx512`).
    public static let avx512 = SIMDLevelKernels(
        level: .avx512, convert: { convertAVX512($0, to: $1, matrix: $2, orientation: $3, rows: $4, streaming: $5) },
        floorPass: { floorPassAVX512($0, to: $1, streaming: $2, piece: $3, singleRows: $4) },
        floorBlocksPass: { floorBlocksPassAVX512($0, to: $1, streaming: $2, prefetch: $3) },
        floorPlanesPass: { floorPlanesPassAVX512($0, to: $1, streaming: $2) })
}
