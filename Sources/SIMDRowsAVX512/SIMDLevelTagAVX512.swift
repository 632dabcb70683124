import SIMDRows

#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// A level whose module is compiled for AVX-512 F, BW, VL, DQ and CD or
/// more (SIMDRowsAVX512, SIMDRowsAVX512VBMI). What such a level does alike
/// is written once in this module and emitted into the module of the tag
/// that conforms: 64-pixel row-pair blocks in 512-bit vectors, mirrored in
/// registers (PairBlock512.swift), 16 × 16 blocks turned in registers
/// (TransposedBlock512.swift) and the memory floor's 64-byte stores
/// (FloorRowsAVX512.swift). A level with more instructions replaces the
/// last step of a block, `storePixels32`.
public protocol SIMDLevelTagAVX512: SIMDLevelTagMirroringBlocks, SIMDLevelTagAVX2, SIMDLevelTagTransposingBlocks {
    #if arch(x86_64)
    /// Converts the 32 pixels whose luma bytes are at `y` (no alignment
    /// needed) and whose chroma terms `t` are spread to the lane order of
    /// `lumaWords`, and stores their 128 BGRA bytes at `out` (64-byte
    /// aligned when `Stores` streams), pixel `31 - j` as pixel `j` when
    /// `reversed`. `bound` holds 32 lanes of
    /// `SIMDRowConstants.upperBound`. Writes exactly those bytes.
    static func storePixels32<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y: UnsafePointer<UInt8>, _ t: Terms512, _ bound: __m512i,
        _ out: UnsafeMutablePointer<UInt8>, reversed: Bool)
    #endif
}
