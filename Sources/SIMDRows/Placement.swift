#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

// Placing pixels at their oriented positions. The tiles around an
// AVX-512 quarter turn's blocks (`convertTransposed`) transpose 8 × 8
// blocks of converted BGRA pixels (one 32-bit lane each) from a small
// scratch the row kernel has just written (L1-resident: one of two tiles
// of 32 rows × 128 pixels). A mirror reverses the source rows' bytes
// before the kernel converts them (`reverseBytesAVX2`): 1.5 bytes a pixel
// instead of the 4 of a converted pixel, and each piece of the output is
// then written in order, streaming as the upright frame is.
//
// The transpose loads each block row as two 128-bit halves, and puts the
// halves of rows k and k + 4 into one vector, so that a 4 × 4 transpose
// within each 128-bit lane (two rounds of `unpack` of 32-bit, then 64-bit
// lanes) leaves every output row whole: no lane-crossing shuffle. It is
// clang's intrinsics: built from `SIMD8` lane initialisers, LLVM made
// broadcast-and-blend sequences of ~120 instructions a block. Check after
// any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512.build/AVX512Level.swift.o

#if arch(x86_64)
/// The 8 × 8 transpose of `SIMDLevelTagTransposingBlocks.transposeBlock8`
/// in 256-bit vectors (AVX2): 16 half-row loads, 16 `vpunpck*`, 8 stores.
/// Emitted only into the modules compiled for AVX-512, which call it.
@_alwaysEmitIntoClient @inline(__always)
public func transposeBlock8AVX2<Stores: SIMDStoreKind>(
    _ stores: Stores.Type, from: UnsafeRawPointer, rowStride: Int, to: UnsafeMutableRawPointer, outStride: Int
) {
    /// Pixels `half * 4 ..< half * 4 + 4` of rows `k` (low lane) and `k + 4` (high lane).
    @inline(__always)
    func rows(_ k: Int, _ half: Int) -> __m256i {
        let low = (from + (k &* rowStride &+ 16 &* half)).assumingMemoryBound(to: __m128i_u.self)
        let high = (from + ((k &+ 4) &* rowStride &+ 16 &* half)).assumingMemoryBound(to: __m128i_u.self)
        return _mm256_loadu2_m128i(high, low)
    }
    for half in 0..<2 {
        let r0 = rows(0, half)
        let r1 = rows(1, half)
        let r2 = rows(2, half)
        let r3 = rows(3, half)
        let a0 = _mm256_unpacklo_epi32(r0, r1)
        let a1 = _mm256_unpackhi_epi32(r0, r1)
        let a2 = _mm256_unpacklo_epi32(r2, r3)
        let a3 = _mm256_unpackhi_epi32(r2, r3)
        let out = to + (4 &* half) &* outStride
        Stores.store(unsafeBitCast(_mm256_unpacklo_epi64(a0, a2), to: Dwords8.self), at: out)
        Stores.store(unsafeBitCast(_mm256_unpackhi_epi64(a0, a2), to: Dwords8.self), at: out + outStride)
        Stores.store(unsafeBitCast(_mm256_unpacklo_epi64(a1, a3), to: Dwords8.self), at: out + 2 &* outStride)
        Stores.store(unsafeBitCast(_mm256_unpackhi_epi64(a1, a3), to: Dwords8.self), at: out + 3 &* outStride)
    }
}
#endif

#if arch(x86_64)
/// `SIMDLevelTag.reverseBytes` in 256-bit vectors (AVX2): per 32 output
/// bytes one load of the two 16-byte halves exchanged (`vinserti128`), one
/// `vpshufb` that reverses each half, one store; the first block overlaps
/// the one after it. Fewer than 32 bytes go byte by byte. Emitted only
/// into the modules compiled for AVX2 and up, which call it.
@_alwaysEmitIntoClient @inline(__always)
public func reverseBytesAVX2(from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, count: Int) {
    guard count >= 32 else {
        for i in 0..<count { to[i] = from[count &- 1 &- i] }
        return
    }
    let reversal = _mm256_setr_epi8(
        15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
    /// Output bytes `i ..< i + 32`: source bytes `count - 32 - i ..< count - i` reversed.
    @inline(__always)
    func block(_ i: Int) {
        let start = from + (count &- 32 &- i)
        let swapped = _mm256_loadu2_m128i(
            UnsafeRawPointer(start).assumingMemoryBound(to: __m128i_u.self),
            UnsafeRawPointer(start + 16).assumingMemoryBound(to: __m128i_u.self))
        UnsafeMutableRawPointer(to + i).storeBytes(
            of: _mm256_shuffle_epi8(swapped, reversal), as: __m256i.self)
    }
    // From the last output block back, so the source is read upwards
    // (descending reads are not prefetched as well: 1.5x slower at 1080p).
    var i = count &- 32
    while i >= 0 {
        block(i)
        i &-= 32
    }
    if i > -32 { block(0) }
}

extension SIMDLevelTagTransposingBlocks where Self: SIMDLevelTagAVX2 {
    /// In 256-bit vectors (`transposeBlock8AVX2`).
    @_alwaysEmitIntoClient @inline(__always)
    public static func transposeBlock8<Stores: SIMDStoreKind>(
        _ stores: Stores.Type, from: UnsafeRawPointer, rowStride: Int, to: UnsafeMutableRawPointer, outStride: Int
    ) {
        transposeBlock8AVX2(stores, from: from, rowStride: rowStride, to: to, outStride: outStride)
    }
}

extension SIMDLevelTagAVX2 {
    /// In 256-bit vectors (`reverseBytesAVX2`).
    @_alwaysEmitIntoClient @inline(__always)
    public static func reverseBytes(from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, count: Int) {
        reverseBytesAVX2(from: from, to: to, count: count)
    }
}
#endif
