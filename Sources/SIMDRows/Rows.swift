/// Two luma rows that share the chroma rows `u` and `v`.
@inlinable @inline(__always)
func convertRowPair<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ m: M.Type, _ level: Level.Type, _ stores: Stores.Type,
    _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
    _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>,
    _ width: Int, _ bound: UnsafeRawPointer
) {
    // Whole 64-pixel blocks cover the even part of the row, and its end
    // (`rest` pixels) goes to `Level.convertPairEnd`, which may overlap the
    // last whole block (rewriting identical bytes) unless `rest` is a
    // multiple of `Level.pairEndStep`. Reads stay inside each row: a block
    // of n pixels at even x reads luma x ..< x + n and chroma
    // x / 2 ..< (x + n) / 2.
    let even = width & ~1
    let top = bound.load(as: Words16.self)
    // A level converts row pairs down to its `narrowestPairEnd` itself
    // (AVX2: 16; AVX-512: 2, masked).
    let narrowest = Level.narrowestPairEnd
    assert(narrowest >= 2 && narrowest <= 32 && narrowest & 1 == 0, "scratch rows cannot hold such a row pair")
    guard even >= narrowest else {
        convertThroughScratchRows(m, y0, y1, u, v, out0, out1, width) { y0, y1, u, v, out0, out1 in
            Level.convertPairEnd(m, CachedStores.self, y0, y1, u, v, out0, out1, top, start: 0, end: narrowest)
        }
        return
    }
    let whole = even & ~63
    let rest = even &- whole
    // Streaming stores, as for `streamedPixels`: an end that overlaps, and
    // the whole block before it, are stored normally.
    let overlaps = rest % Level.pairEndStep != 0
    let streamed = Stores.streams && overlaps ? max(0, whole &- 64) : whole
    Level.convertPairBlocks(m, stores, y0, y1, u, v, out0, out1, top, from: 0, to: streamed)
    Level.convertPairBlocks(m, CachedStores.self, y0, y1, u, v, out0, out1, top, from: streamed, to: whole)
    if overlaps {
        Level.convertPairEnd(m, CachedStores.self, y0, y1, u, v, out0, out1, top, start: whole, end: even)
    } else if rest > 0 {
        Level.convertPairEnd(m, stores, y0, y1, u, v, out0, out1, top, start: whole, end: even)
    }
    if even < width {
        scalarPixelPair(m, y0, y1, u, v, out0, out1, at: even)
    }
}

/// Converts pixels `start ..< end` of two rows in 32-pixel blocks
/// (`rowPairBlock`), the last one ending at `end`: the contract of
/// `SIMDLevelTag.convertPairEnd` for `end - start` below 64.
@inlinable @inline(__always)
public func convertPairEndIn32<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
    _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
    _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
    start: Int, end: Int
) {
    var x = start
    while x < end {
        x = min(x, end &- 32)
        rowPairBlock(
            m, stores, y0 + x, y1 + x, chromaSampleAddress(m, u, x &>> 1), chromaSampleAddress(m, v, x &>> 1),
            out0 + x &<< 2,
            out1 + x &<< 2, top)
        x &+= 32
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
            rowBlock(
                m, stores, y0 + x, chromaSampleAddress(m, u, x &>> 1), chromaSampleAddress(m, v, x &>> 1),
                out0 + x &<< 2, top)
            x &+= 32
        }
        while x < even {
            x = min(x, even &- 32)
            rowBlock(
                m, CachedStores.self, y0 + x, chromaSampleAddress(m, u, x &>> 1), chromaSampleAddress(m, v, x &>> 1),
                out0 + x &<< 2,
                top)
            x &+= 32
        }
        if even < width {
            scalarPixel(m, y0, u, v, out0, at: even)
        }
    } else {
        let top = bound.load(as: Words16.self)
        convertThroughScratchRows(m, y0, nil, u, v, out0, nil, width) { y0, _, u, v, out0, _ in
            rowBlock(m, CachedStores.self, y0, u, v, out0, top)
        }
    }
}

/// Converts a row (pair) narrower than the narrowest block (`width` < 32)
/// through 32-pixel scratch rows, as libyuv's `row_any.cc` does: copies
/// luma row `y0` (and `y1` when given) and the chroma samples they use from
/// `u` and `v` (`M`'s layout) into zeroed scratch rows, calls `convert32`
/// with the scratch rows and two 128-byte scratch outputs to convert (up
/// to) 32 pixels of each, then copies the first `width` pixels out to `out0` (and
/// `out1`). Reads and writes no byte outside the rows' `width` pixels and
/// their samples.
/// - Precondition: `0 < width < 32`; `y1` and `out1` both given or both nil.
@inlinable @inline(__always)
func convertThroughScratchRows<M: SIMDRowMatrix>(
    _ m: M.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>?, _ u: UnsafePointer<UInt8>,
    _ v: UnsafePointer<UInt8>, _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>?,
    _ width: Int,
    convert32: (
        _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>
    ) -> Void
) {
    assert((y1 == nil) == (out1 == nil), "a second row without its output, or an output without its row")
    // Luma rows at 0 and 32, chroma at 64 (16 samples of a plane, or 16
    // pairs) and 96, outputs at 128 and 256. At 16-byte alignment the
    // allocation is on the stack; a larger one makes it a heap allocation.
    withUnsafeTemporaryAllocation(byteCount: 384, alignment: 16) { scratch in
        let rows = scratch.baseAddress!.bindMemory(to: UInt8.self, capacity: 384)
        rows.initialize(repeating: 0, count: 128)
        let samples = (width &+ 1) &>> 1
        rows.update(from: y0, count: width)
        if let y1 { (rows + 32).update(from: y1, count: width) }
        let chroma = rows + 64
        if M.Chroma.step == 2 {
            chroma.update(from: u, count: 2 &* samples)
        } else {
            chroma.update(from: u, count: samples)
            (chroma + 32).update(from: v, count: samples)
        }
        let chromaV = M.Chroma.step == 2 ? chroma + 1 : chroma + 32
        convert32(rows, rows + 32, chroma, chromaV, rows + 128, rows + 256)
        out0.update(from: rows + 128, count: 4 &* width)
        if let out1 { out1.update(from: rows + 256, count: 4 &* width) }
    }
}
