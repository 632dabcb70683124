/// A level that converts a 64-pixel row-pair block with its pixels put in
/// reverse order in registers, so that a mirror needs no reversed copy of
/// the source (docs/kernel.md, "Orientations"): AVX2 and AVX-512.
public protocol SIMDLevelTagMirroringBlocks: SIMDLevelTag {
    /// Converts pixels 0 ..< 64 of two luma rows `y0`, `y1` that share the
    /// chroma samples 0 ..< 32 of `u` and `v`, and writes pixel `63 - j` as
    /// output pixel `j` at `out0` and `out1` (256 bytes each): reads
    /// exactly those bytes and writes exactly those, stored by `Stores`
    /// (64-byte aligned where it streams). `top` holds 16 lanes of
    /// `SIMDRowConstants.upperBound`.
    static func convertPairBlock64Reversed<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>)
}

extension SIMDLevelTagMirroringBlocks {
    /// Row pairs of an even width of at least 64 pixels in reversed 64-pixel
    /// blocks (`convertPairBlock64Reversed`); anything else by
    /// `convertReversedInPieces`. Stored normally, the blocks go from the
    /// source's end, so that the output is written from each row's start
    /// as upright (`SIMDStorePolicy.writesAscendingLines`; at AVX2 each
    /// block's lines ascend too, at AVX-512 they go 2, 3, 0, 1); streamed,
    /// from the source's start, so that the source is read upwards.
    /// At an even width the reversed chroma rows pair with the reversed
    /// luma exactly as the upright rows do, so each block keeps its
    /// upright chroma.
    @inlinable @inline(__always)
    public static func convertReversedRows<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type,
        _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>?, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>?, width: Int,
        bound: UnsafeRawPointer, scratch: UnsafeMutablePointer<UInt8>
    ) {
        guard let y1, let out1, width & 1 == 0, width >= 64 else {
            convertReversedInPieces(
                m, Self.self, stores, y0, y1, u, v, out0, out1, width: width, bound: bound, scratch: scratch)
            return
        }
        let top = bound.load(as: SIMD16<UInt16>.self)
        /// The block of source pixels `x ..< x + 64`, output pixels
        /// `width - 64 - x ..< width - x`.
        @inline(__always)
        func block<S: SIMDStoreKind>(_ s: S.Type, _ x: Int) {
            let out = 4 &* (width &- 64 &- x)
            convertPairBlock64Reversed(
                m, s, y0 + x, y1 + x, chromaSampleAddress(m, u, x &>> 1), chromaSampleAddress(m, v, x &>> 1),
                out0 + out, out1 + out,
                top)
        }
        // Blocks from `rest` on end their output on whole 64-byte lines; the
        // rest is one block from 0 that overlaps the block from `rest`
        // (rewriting identical bytes), and both are stored normally so that
        // no cache line gets both store kinds. They end the row's output.
        let rest = width & 63
        let first = rest != 0 ? rest &+ 64 : 0
        if Stores.streams {
            if rest != 0 {
                block(CachedStores.self, 0)
                block(CachedStores.self, rest)
            }
            var x = first
            while x < width {
                block(stores, x)
                x &+= 64
            }
        } else {
            var x = width &- 64
            while x >= first {
                block(stores, x)
                x &-= 64
            }
            if rest != 0 {
                block(CachedStores.self, rest)
                block(CachedStores.self, 0)
            }
        }
    }
}
