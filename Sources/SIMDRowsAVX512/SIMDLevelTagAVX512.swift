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
/// 64-pixel row-pair block, `pairBlock64`.
public protocol SIMDLevelTagAVX512: SIMDLevelTagMirroringBlocks, SIMDLevelTagAVX2, SIMDLevelTagTransposingBlocks {
    #if arch(x86_64)
    /// Converts pixels 0 ..< 64 of the two rows whose luma bytes are at
    /// `y0` and `y1` and which share chroma samples 0 ..< 32 of `u` and
    /// `v` in `M`'s layout (no alignment needed), and stores their 256
    /// BGRA bytes at `out0` and at `out1` (64-byte aligned when `Stores`
    /// streams), pixel `63 - j` as pixel `j` when `reversed`. `top` holds
    /// 16 lanes of `SIMDRowConstants.upperBound`. Reads 64 luma bytes of
    /// each row and the chroma of 32 samples; writes exactly those bytes.
    static func pairBlock64<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        reversed: Bool)
    #endif
}
