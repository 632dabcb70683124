// Placing converted pixels at their oriented positions: a BGRA pixel is
// one 32-bit lane, so a mirror reverses the lanes of a vector and a
// quarter turn transposes an 8 × 8 block of them. The blocks come from a
// small scratch the row kernel has just written (L1-resident: a row pair,
// or a 16-row tile 64 pixels wide).
//
// The lane shuffles are written as `SIMD8<UInt32>` initialisers from lanes
// of one or two vectors, which LLVM matches to single shuffle instructions
// (`vpunpckldq`, `vpunpcklqdq`, `vperm2i128`, `vpermd` at AVX2; pairs of
// `punpckldq`, `punpcklqdq`, `pshufd` on 128-bit halves at the SSE2
// baseline, where the 8 × 8 transpose is four 4 × 4 ones). Check after any
// change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX2.build/AVX2Level.swift.o

/// Lanes 0, 1 of `a` and `b` interleaved in each 128-bit half (`vpunpckldq`).
@inlinable @inline(__always)
func interleaveLow32(_ a: Dwords8, _ b: Dwords8) -> Dwords8 {
    Dwords8(a[0], b[0], a[1], b[1], a[4], b[4], a[5], b[5])
}

/// Lanes 2, 3 of `a` and `b` interleaved in each 128-bit half (`vpunpckhdq`).
@inlinable @inline(__always)
func interleaveHigh32(_ a: Dwords8, _ b: Dwords8) -> Dwords8 {
    Dwords8(a[2], b[2], a[3], b[3], a[6], b[6], a[7], b[7])
}

/// The low 64 bits of each 128-bit half of `a` and `b` (`vpunpcklqdq`).
@inlinable @inline(__always)
func interleaveLow64(_ a: Dwords8, _ b: Dwords8) -> Dwords8 {
    Dwords8(a[0], a[1], b[0], b[1], a[4], a[5], b[4], b[5])
}

/// The high 64 bits of each 128-bit half of `a` and `b` (`vpunpckhqdq`).
@inlinable @inline(__always)
func interleaveHigh64(_ a: Dwords8, _ b: Dwords8) -> Dwords8 {
    Dwords8(a[2], a[3], b[2], b[3], a[6], a[7], b[6], b[7])
}

/// The low 128 bits of `a` then those of `b` (`vperm2i128` / `vinserti128`).
@inlinable @inline(__always)
func lowHalves(_ a: Dwords8, _ b: Dwords8) -> Dwords8 {
    Dwords8(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3])
}

/// The high 128 bits of `a` then those of `b` (`vperm2i128`).
@inlinable @inline(__always)
func highHalves(_ a: Dwords8, _ b: Dwords8) -> Dwords8 {
    Dwords8(a[4], a[5], a[6], a[7], b[4], b[5], b[6], b[7])
}

/// The lanes of `a` in reverse order (`vpermd`).
@inlinable @inline(__always)
func reversedLanes(_ a: Dwords8) -> Dwords8 {
    Dwords8(a[7], a[6], a[5], a[4], a[3], a[2], a[1], a[0])
}

/// Transposes the 8 × 8 pixels whose rows start at `from`, `from +
/// rowStride`, ... (`rowStride` in bytes, negative to take the rows bottom
/// up) into 8 rows of 8 pixels at `to`, `to + outStride`, ...: output row
/// `j` holds column `j` of the block. Stores with `Stores` (32-byte aligned
/// rows when it streams).
@inlinable @inline(__always)
func transposeBlock8<Stores: SIMDStoreKind>(
    _ stores: Stores.Type, from: UnsafeRawPointer, rowStride: Int, to: UnsafeMutableRawPointer, outStride: Int
) {
    let r0 = from.loadUnaligned(as: Dwords8.self)
    let r1 = from.loadUnaligned(fromByteOffset: rowStride, as: Dwords8.self)
    let r2 = from.loadUnaligned(fromByteOffset: 2 &* rowStride, as: Dwords8.self)
    let r3 = from.loadUnaligned(fromByteOffset: 3 &* rowStride, as: Dwords8.self)
    let r4 = from.loadUnaligned(fromByteOffset: 4 &* rowStride, as: Dwords8.self)
    let r5 = from.loadUnaligned(fromByteOffset: 5 &* rowStride, as: Dwords8.self)
    let r6 = from.loadUnaligned(fromByteOffset: 6 &* rowStride, as: Dwords8.self)
    let r7 = from.loadUnaligned(fromByteOffset: 7 &* rowStride, as: Dwords8.self)
    // Pairs of rows interleaved: 2 × 2 blocks of 32-bit lanes.
    let a0 = interleaveLow32(r0, r1)
    let a1 = interleaveHigh32(r0, r1)
    let a2 = interleaveLow32(r2, r3)
    let a3 = interleaveHigh32(r2, r3)
    let a4 = interleaveLow32(r4, r5)
    let a5 = interleaveHigh32(r4, r5)
    let a6 = interleaveLow32(r6, r7)
    let a7 = interleaveHigh32(r6, r7)
    // Then pairs of pairs: 4 × 4 blocks in each 128-bit half.
    let b0 = interleaveLow64(a0, a2)
    let b1 = interleaveHigh64(a0, a2)
    let b2 = interleaveLow64(a1, a3)
    let b3 = interleaveHigh64(a1, a3)
    let b4 = interleaveLow64(a4, a6)
    let b5 = interleaveHigh64(a4, a6)
    let b6 = interleaveLow64(a5, a7)
    let b7 = interleaveHigh64(a5, a7)
    // Then the halves: columns 0 ... 3 from the low halves, 4 ... 7 from the high.
    Stores.store(lowHalves(b0, b4), at: to)
    Stores.store(lowHalves(b1, b5), at: to + outStride)
    Stores.store(lowHalves(b2, b6), at: to + 2 &* outStride)
    Stores.store(lowHalves(b3, b7), at: to + 3 &* outStride)
    Stores.store(highHalves(b0, b4), at: to + 4 &* outStride)
    Stores.store(highHalves(b1, b5), at: to + 5 &* outStride)
    Stores.store(highHalves(b2, b6), at: to + 6 &* outStride)
    Stores.store(highHalves(b3, b7), at: to + 7 &* outStride)
}

/// Writes the `count` pixels at `from` into `to` in reverse order (pixel
/// `count - 1` first). Whole 64-byte lines of `to` (which starts 64-byte
/// aligned when `Stores` streams) go through `Stores`, except the last
/// whole line when an overlapping end block follows it, so that no cache
/// line mixes both kinds of store.
@inlinable
func copyReversed<Stores: SIMDStoreKind>(
    _ stores: Stores.Type, from: UnsafeRawPointer, to: UnsafeMutableRawPointer, count: Int
) {
    guard count >= 16 else {
        for i in 0..<count {
            let pixel = from.load(fromByteOffset: 4 &* (count &- 1 &- i), as: UInt32.self)
            to.storeBytes(of: pixel, toByteOffset: 4 &* i, as: UInt32.self)
        }
        return
    }
    let whole = count & ~15
    let streamed = Stores.streams ? (whole == count ? whole : whole &- 16) : 0
    var i = 0
    while i < streamed {
        reversedBlock16(Stores.self, from: from, to: to, count: count, at: i)
        i &+= 16
    }
    while i < whole {
        reversedBlock16(CachedStores.self, from: from, to: to, count: count, at: i)
        i &+= 16
    }
    if whole < count {
        reversedBlock16(CachedStores.self, from: from, to: to, count: count, at: count &- 16)
    }
}

/// Output pixels `i ..< i + 16` of `copyReversed`: source pixels
/// `count - 16 - i ..< count - i`, lanes reversed, halves exchanged.
@inlinable @inline(__always)
func reversedBlock16<Stores: SIMDStoreKind>(
    _ stores: Stores.Type, from: UnsafeRawPointer, to: UnsafeMutableRawPointer, count: Int, at i: Int
) {
    let low = from.loadUnaligned(fromByteOffset: 4 &* (count &- 16 &- i), as: Dwords8.self)
    let high = from.loadUnaligned(fromByteOffset: 4 &* (count &- 8 &- i), as: Dwords8.self)
    Stores.store(reversedLanes(high), at: to + 4 &* i)
    Stores.store(reversedLanes(low), at: to + (4 &* i &+ 32))
}
