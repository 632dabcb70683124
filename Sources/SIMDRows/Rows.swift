/// Two luma rows that share the chroma rows `u` and `v`.
@inlinable
func convertRowPair<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ m: M.Type, _ level: Level.Type, _ stores: Stores.Type,
    _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
    _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>,
    _ width: Int, _ bound: UnsafeRawPointer
) {
    // Whole 64-pixel blocks cover the even part of the row, and its end
    // (`rest` pixels) is one 64-pixel block or a few 32-pixel blocks
    // (`SIMDLevelTag.convertsWidePairBlocks`); a last block that does not
    // fit overlaps the one before it (rewriting identical bytes). Reads stay
    // inside each row: a block of n pixels at even x reads luma x ..< x + n
    // and chroma x / 2 ..< (x + n) / 2.
    let even = width & ~1
    guard even >= 32 else {
        for x in 0..<width {
            scalarPixel(m, y0[x], chromaSample(m, u, x / 2).pointee, chromaSample(m, v, x / 2).pointee, out0 + 4 * x)
            scalarPixel(m, y1[x], chromaSample(m, u, x / 2).pointee, chromaSample(m, v, x / 2).pointee, out1 + 4 * x)
        }
        return
    }
    let top = bound.load(as: Words16.self)
    let whole = even & ~63
    let rest = even &- whole
    let wideEnd = whole > 0 && (rest > 32 || (rest > 0 && Level.convertsWidePairBlocks))
    // Streaming stores, as for `streamedPixels`: blocks that overlap, the
    // end and the whole block before it, are stored normally.
    let overlaps = wideEnd || rest & 31 != 0
    let streamed = overlaps ? whole &- 64 : whole
    var x = 0
    while x < streamed {
        Level.convertPairBlock64(
            m, stores, y0 + x, y1 + x, chromaSample(m, u, x &>> 1), chromaSample(m, v, x &>> 1),
            out0 + x &<< 2, out1 + x &<< 2, top)
        x &+= 64
    }
    while x < whole {
        Level.convertPairBlock64(
            m, CachedStores.self, y0 + x, y1 + x, chromaSample(m, u, x &>> 1), chromaSample(m, v, x &>> 1),
            out0 + x &<< 2, out1 + x &<< 2, top)
        x &+= 64
    }
    if wideEnd {
        x = even &- 64
        Level.convertPairBlock64(
            m, CachedStores.self, y0 + x, y1 + x, chromaSample(m, u, x &>> 1), chromaSample(m, v, x &>> 1),
            out0 + x &<< 2, out1 + x &<< 2, top)
    } else if overlaps {
        while x < even {
            x = min(x, even &- 32)
            rowPairBlock(
                m, CachedStores.self, y0 + x, y1 + x, chromaSample(m, u, x &>> 1), chromaSample(m, v, x &>> 1),
                out0 + x &<< 2, out1 + x &<< 2, top)
            x &+= 32
        }
    } else if rest == 32 {
        rowPairBlock(
            m, stores, y0 + x, y1 + x, chromaSample(m, u, x &>> 1), chromaSample(m, v, x &>> 1), out0 + x &<< 2,
            out1 + x &<< 2, top)
    }
    if even < width {
        scalarPixel(
            m, y0[even], chromaSample(m, u, even / 2).pointee, chromaSample(m, v, even / 2).pointee, out0 + 4 * even)
        scalarPixel(
            m, y1[even], chromaSample(m, u, even / 2).pointee, chromaSample(m, v, even / 2).pointee, out1 + 4 * even)
    }
}

/// How many pixels at the start of a row of `even` (≥ 32) vector pixels
/// may be written with streaming stores: all of them when `even` is a
/// multiple of 32; otherwise the whole blocks that end before the
/// overlapping last block starts, so that no cache line gets both a
/// streaming and an ordinary store (which costs a partial-line write to
/// memory: ~8× slower at 176×144).
@inlinable @inline(__always)
func streamedPixels(_ even: Int) -> Int {
    even & 31 == 0 ? even : even &- 32
}

/// One luma row (the last row of an odd height; every row at the baseline level).
@inlinable
func convertSingleRow<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
    _ m: M.Type, _ stores: Stores.Type,
    _ y0: UnsafePointer<UInt8>, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ width: Int, _ bound: UnsafeRawPointer
) {
    let even = width & ~1
    if even >= 32 {
        let top = bound.load(as: Words16.self)
        let streamed = streamedPixels(even)
        var x = 0
        while x &+ 32 <= streamed {
            rowBlock(m, stores, y0 + x, chromaSample(m, u, x &>> 1), chromaSample(m, v, x &>> 1), out0 + x &<< 2, top)
            x &+= 32
        }
        while x < even {
            x = min(x, even &- 32)
            rowBlock(
                m, CachedStores.self, y0 + x, chromaSample(m, u, x &>> 1), chromaSample(m, v, x &>> 1), out0 + x &<< 2,
                top)
            x &+= 32
        }
        if even < width {
            scalarPixel(
                m, y0[even], chromaSample(m, u, even / 2).pointee, chromaSample(m, v, even / 2).pointee, out0 + 4 * even
            )
        }
    } else {
        for x in 0..<width {
            scalarPixel(m, y0[x], chromaSample(m, u, x / 2).pointee, chromaSample(m, v, x / 2).pointee, out0 + 4 * x)
        }
    }
}
