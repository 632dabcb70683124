import Frames
import SIMDRows
import SIMDRowsAVX512

/// The tag that instantiates the SIMD kernel in this module, which is
/// compiled for AVX-512 with VBMI (`-target-cpu skylake-avx512` and
/// `-mavx512vbmi`: Ice Lake, Zen 4 and later). Its blocks are
/// `SIMDLevelTagAVX512`'s but for the 64-pixel row-pair block
/// (PairBlockVBMI.swift): the AVX2 block's arithmetic, with byte permutes
/// (`vpermb`, `vpermt2b`) that take luma, chroma pairs and each 16
/// pixels' bytes in any order.
public enum SIMDAVX512VBMILevel: SIMDLevelTagAVX512 {
    /// 64 bytes: one ZMM register.
    public typealias FloorVector = SIMD8<UInt64>
}

/// Converts destination rows `rows` of `source` oriented by `orientation`
/// into `destination` with the kernel compiled for AVX-512 with VBMI (all
/// rows upright: the upright frame kernel). Call only when the CPU and OS
/// support AVX-512 F, BW, VL, DQ, CD and VBMI (`SIMDLevel.supported`
/// contains `.avx512vbmi`); otherwise it faults with an illegal
/// instruction (or, in a build without this level, `SIMDLevel.built`,
/// stops with a precondition failure). `streaming` as for `convertFrame`.
/// - Precondition: `destination` has the oriented size of `source`; `rows` lies within it.
@inline(never)
func convertAVX512VBMI(
    _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation, rows: Range<Int>,
    streaming: Bool
) {
    #if FRAMEBENCH_NO_AVX512 || FRAMEBENCH_NO_AVX512VBMI
    preconditionFailure("this build leaves out the AVX-512 VBMI kernel (SIMDLevel.built)")
    #else
    convertFrame(
        SIMDAVX512VBMILevel.self, source, to: destination, matrix: matrix, orientation: orientation, rows: rows,
        streaming: streaming)
    #endif
}

extension SIMDLevelKernels {
    /// The `.avx512vbmi` level's code, compiled for AVX-512 with VBMI; its floors are the AVX-512 level's (VBMI adds nothing a copy uses).
    public static let avx512vbmi = SIMDLevelKernels(
        level: .avx512vbmi,
        convert: { convertAVX512VBMI($0, to: $1, matrix: $2, orientation: $3, rows: $4, streaming: $5) },
        floorPass: { floorPassAVX512($0, to: $1, streaming: $2, piece: $3, singleRows: $4) },
        floorBlocksPass: { floorBlocksPassAVX512($0, to: $1, streaming: $2, prefetch: $3) },
        floorPlanesPass: { floorPlanesPassAVX512($0, to: $1, streaming: $2) })
}
