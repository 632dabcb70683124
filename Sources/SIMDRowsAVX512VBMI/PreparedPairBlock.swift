#if arch(x86_64)
import _Builtin_intrinsics.intel
import SIMDRows
import SIMDRowsAVX512

/// What a 64-pixel row-pair block (`SIMDAVX512VBMILevel.pairBlock64`)
/// computes before its arithmetic a pixel: the chroma terms of its two
/// halves and each row's luma of each half as `y × 0x0101` words. The VBMI
/// level makes it for a block while it converts the block before it
/// (`convertPairBlocks`), so that its loads and permutes wait on nothing
/// the stores do.
struct PreparedPairBlock {
    /// The chroma terms of pixels 0 ..< 32 and 32 ..< 64.
    let first, second: Terms512
    /// Pixels 0 ..< 32 and 32 ..< 64 of the first row, then of the second.
    let luma0First, luma0Second, luma1First, luma1Second: __m512i

    /// The block of pixels 0 ..< 64 at `y0`, `y1` and chroma samples
    /// 0 ..< 32 at `u`, `v` in `M`'s layout.
    @inline(__always)
    init<M: SIMDRowMatrix>(
        _ m: M.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>, _ u: UnsafePointer<UInt8>,
        _ v: UnsafePointer<UInt8>
    ) {
        (first, second) = SIMDAVX512VBMILevel.chromaTerms64(m, u, v)
        let row0 = SIMDAVX512VBMILevel.load64(y0)
        let row1 = SIMDAVX512VBMILevel.load64(y1)
        luma0First = SIMDAVX512VBMILevel.doubled(row0, SIMDAVX512VBMILevel.firstPixels)
        luma1First = SIMDAVX512VBMILevel.doubled(row1, SIMDAVX512VBMILevel.firstPixels)
        luma0Second = SIMDAVX512VBMILevel.doubled(row0, SIMDAVX512VBMILevel.secondPixels)
        luma1Second = SIMDAVX512VBMILevel.doubled(row1, SIMDAVX512VBMILevel.secondPixels)
    }

    /// Converts and stores the block's 128 pixels upright at `out0` and
    /// `out1`, as `pairBlock64` stores them.
    @inline(__always)
    func store<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>
    ) {
        SIMDAVX512VBMILevel.storePixels32(m, stores, luma0First, first, out0, reversed: false)
        SIMDAVX512VBMILevel.storePixels32(m, stores, luma1First, first, out1, reversed: false)
        SIMDAVX512VBMILevel.storePixels32(m, stores, luma0Second, second, out0 + 128, reversed: false)
        SIMDAVX512VBMILevel.storePixels32(m, stores, luma1Second, second, out1 + 128, reversed: false)
    }
}

extension SIMDAVX512VBMILevel {
    /// The contract of `SIMDLevelTag.convertPairBlocks`: with ordinary
    /// stores, each block prepared (`PreparedPairBlock`) before the block
    /// before it is converted and stored; streamed, one block after the
    /// other.
    @inline(__always)
    public static func convertPairBlocks<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        from start: Int, to end: Int
    ) {
        guard !Stores.streams else {
            // Streamed frames are bound by memory, where preparing ahead gains nothing.
            return convertPairBlocksInTurn(Self.self, m, stores, y0, y1, u, v, out0, out1, top, from: start, to: end)
        }
        guard start < end else { return }
        func prepared(at x: Int) -> PreparedPairBlock {
            PreparedPairBlock(
                m, y0 + x, y1 + x, chromaSampleAddress(m, u, x &>> 1), chromaSampleAddress(m, v, x &>> 1))
        }
        // Two blocks a turn, so that neither is copied into the other's registers.
        var x = start
        var even = prepared(at: x)
        while true {
            guard x &+ 64 < end else { return even.store(m, stores, out0 + x &<< 2, out1 + x &<< 2) }
            let odd = prepared(at: x &+ 64)
            even.store(m, stores, out0 + x &<< 2, out1 + x &<< 2)
            x &+= 64
            guard x &+ 64 < end else { return odd.store(m, stores, out0 + x &<< 2, out1 + x &<< 2) }
            even = prepared(at: x &+ 64)
            odd.store(m, stores, out0 + x &<< 2, out1 + x &<< 2)
            x &+= 64
        }
    }
}
#endif
