import Frames
import SIMDRows

/// The tag that instantiates the SIMD kernel in this module, which is
/// compiled with `-target-cpu haswell` (AVX2, FMA, BMI2); what it does is
/// `SIMDLevelTagAVX2`'s, and on x86-64 it mirrors row pairs in its
/// 64-pixel blocks (`SIMDLevelTagMirroringBlocks`, PairBlock256.swift).
public enum SIMDAVX2Level: SIMDLevelTagAVX2 {}

#if arch(x86_64)
extension SIMDAVX2Level: SIMDLevelTagMirroringBlocks {}
#endif

/// Converts destination rows `rows` of `source` oriented by `orientation`
/// into `destination` with the kernel compiled for AVX2 (all rows upright:
/// the upright frame kernel). Call only when the CPU and OS support AVX2,
/// FMA and BMI2 (`SIMDLevel.supported` contains `.avx2`); otherwise it
/// faults with an illegal instruction. `streaming` as for `convertFrame`.
/// - Precondition: `destination` has the oriented size of `source`; `rows` lies within it.
@inline(never)
func convertAVX2(
    _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation, rows: Range<Int>,
    streaming: Bool
) {
    convertFrame(
        SIMDAVX2Level.self, source, to: destination, matrix: matrix, orientation: orientation, rows: rows,
        streaming: streaming)
}

extension SIMDLevelKernels {
    /// The `.avx2` level's code, compiled for AVX2 (`-target-cpu haswell`).
    public static let avx2 = SIMDLevelKernels(
        level: .avx2, convert: { convertAVX2($0, to: $1, matrix: $2, orientation: $3, rows: $4, streaming: $5) },
        floorPass: { floorPassAVX2($0, to: $1, streaming: $2, piece: $3, singleRows: $4) },
        floorBlocksPass: { floorBlocksPassAVX2($0, to: $1, streaming: $2, prefetch: $3) },
        floorPlanesPass: { floorPlanesPassAVX2($0, to: $1, streaming: $2) })
}
