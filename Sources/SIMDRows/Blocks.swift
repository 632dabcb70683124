@usableFromInline typealias Bytes16 = SIMD16<UInt8>
@usableFromInline typealias Bytes32 = SIMD32<UInt8>
@usableFromInline typealias Words16 = SIMD16<UInt16>
@usableFromInline typealias Dwords8 = SIMD8<UInt32>

/// The three chroma terms of 16 pixels, in pair order.
@usableFromInline
struct ChromaTerms {
    @usableFromInline var b, g, r: Words16

    @inlinable @inline(always)
    init(b: Words16, g: Words16, r: Words16) {
        self.b = b
        self.g = g
        self.r = r
    }
}

/// 32 pixels of two rows sharing chroma.
@inlinable @inline(always)
func rowPairBlock<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
    _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
    _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: Words16
) {
    let (t0, t1) = chromaTerms(m, u, v)
    pixels16(m, stores, load16(y0), t0, top, out0)
    pixels16(m, stores, load16(y1), t0, top, out1)
    pixels16(m, stores, load16(y0 + 16), t1, top, out0 + 64)
    pixels16(m, stores, load16(y1 + 16), t1, top, out1 + 64)
}

/// 32 pixels of one row.
@inlinable @inline(always)
func rowBlock<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
    _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ u: UnsafePointer<UInt8>,
    _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ top: Words16
) {
    let (t0, t1) = chromaTerms(m, u, v)
    pixels16(m, stores, load16(y0), t0, top, out0)
    pixels16(m, stores, load16(y0 + 16), t1, top, out0 + 64)
}

@inlinable @inline(always)
func load16(_ p: UnsafePointer<UInt8>) -> Bytes16 {
    UnsafeRawPointer(p).loadUnaligned(as: Bytes16.self)
}

@inlinable @inline(always)
func splat(_ x: Int) -> Words16 {
    Words16(repeating: UInt16(truncatingIfNeeded: x))
}

/// The chroma terms of 16 chroma samples (32 pixels) in `M`'s layout, for
/// pixels 0 ... 15 and 16 ... 31.
@inlinable @inline(always)
func chromaTerms<M: SIMDRowMatrix>(
    _ m: M.Type, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>
) -> (ChromaTerms, ChromaTerms) {
    let samples = M.Chroma.load16(u, v)
    let uw = chromaWords(samples.u)
    let vw = chromaWords(samples.v)
    let offset = SIMDRowConstants.lumaOffset - M.yb
    // With u, v the raw samples: Tb = offset + 128 UB - u UB, and so on.
    let tb = splat(offset + 128 * M.ub) &- uw &* splat(M.ub)
    let tg = splat(offset - 128 * (M.ug + M.vg)) &+ uw &* splat(M.ug) &+ vw &* splat(M.vg)
    let tr = splat(offset + 128 * M.vr) &- vw &* splat(M.vr)
    return (
        ChromaTerms(b: spreadLow(tb), g: spreadLow(tg), r: spreadLow(tr)),
        ChromaTerms(b: spreadHigh(tb), g: spreadHigh(tg), r: spreadHigh(tr))
    )
}

/// 16 pixels from luma bytes `y` and their chroma terms; stores 64 bytes.
@inlinable @inline(always)
func pixels16<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
    _ m: M.Type, _ stores: Stores.Type, _ y: Bytes16, _ t: ChromaTerms, _ top: Words16,
    _ out: UnsafeMutablePointer<UInt8>
) {
    let a = mulHigh(lumaWords(y), UInt16(M.yg)) | splat(SIMDRowConstants.lumaOffset)
    let b = pointwiseMinimum(saturatingSubtract(a, t.b), top) &>> 6  // blue, low byte
    let g = pointwiseMinimum(saturatingSubtract(a, t.g), top) &<< 2  // green, high byte
    let r = pointwiseMinimum(saturatingSubtract(a, t.r), top) &>> 6  // red, low byte
    let bg = unsafeBitCast(b | (g & splat(0xFF00)), to: Dwords8.self)
    let ra = unsafeBitCast(r | splat(0xFF00), to: Dwords8.self)
    let low = Dwords8(repeating: 0xFFFF)
    let raw = UnsafeMutableRawPointer(out)
    Stores.store((bg & low) | (ra &<< 16), at: raw)  // pixels 0 ... 7
    Stores.store((bg &>> 16) | (ra & ~low), at: raw + 32)  // pixels 8 ... 15
}
