#if arch(x86_64)
import _Builtin_intrinsics.intel
import SIMDRows

// The AVX-512 levels' quarter-turn block: 16 source rows × 16 columns
// converted and transposed in registers, with no scratch between the two.
//
// Each row pair (sharing one chroma row) is converted in one 512-bit
// vector of 32 words whose order makes the transpose short: word
// 8 L + 4 o + 2 e + h (128-bit lane L, o and e 0 or 1, h the row of the
// pair) holds column 4 L + 2 e + o of row h. One `vpshufb` of each row's
// 16 bytes (broadcast to all four lanes) merged under a byte mask puts
// every luma byte, doubled, at its word; one `vpshufb` of the chroma
// bytes repeats each sample at the four words it serves. After the
// arithmetic, `vpunpcklwd` (o = 0) and `vpunpckhwd` (o = 1) of the B|G and
// R|A words give two vectors of pixels whose 64-bit lane 2 L + e holds
// column 2 (2 L + e) + o of both rows, side by side: the 16 × 16
// transpose of pixels is then two 8 × 8 transposes of those 64-bit
// pixel pairs (one round of `vpunpck*qdq`, two of 128-bit lane selects,
// which LLVM emits as `vshufi64x2`), and each result is a whole output
// line: 16 `vpunpck*qdq`, 38 `vshufi64x2` and 16 stores a block in the
// release build, against 96 instructions for the 16 × 16 transpose of a
// tile scratch plus the scratch's 16 stores and 16 loads.
//
// The code is emitted into the module of each tag that conforms; check the
// hot loops after any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512.build/AVX512Level.swift.o
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512VBMI.build/AVX512VBMILevel.swift.o

extension SIMDLevelTagAVX512 {
    /// In 512-bit vectors, no scratch; the contract of
    /// `SIMDLevelTagTransposingBlocks.convertBlock16Transposed`.
    @inlinable @inline(__always)
    public static func convertBlock16Transposed<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, luma: UnsafePointer<UInt8>, lumaStride: Int,
        u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>, chromaStride: Int,
        to: UnsafeMutablePointer<UInt8>, outStride: Int, reversesRows: Bool, top: SIMD16<UInt16>
    ) {
        let bound = _mm512_broadcast_i64x4(unsafeBitCast(top, to: __m256i.self))
        /// The pixels of pair `p` (rows 2 p, 2 p + 1): o = 0 and o = 1.
        @inline(__always)
        func pair(_ p: Int) -> (__m512i, __m512i) {
            // Row h = 0 of the pair is the one whose pixel comes first in
            // the output: the lower row when rows run backwards.
            let first = luma + (reversesRows ? 2 &* p &+ 1 : 2 &* p) &* lumaStride
            let second = luma + (reversesRows ? 2 &* p : 2 &* p &+ 1) &* lumaStride
            let y = _mm512_mask_shuffle_epi8(
                _mm512_shuffle_epi8(broadcast16(second), lumaOrder), firstRowBytes, broadcast16(first), lumaOrder)
            let chroma = p &* chromaStride
            let terms =
                M.Chroma.step == 2
                ? chromaTerms(
                    m, _mm512_shuffle_epi8(broadcast16(u + chroma), pairOrder(0)),
                    _mm512_shuffle_epi8(broadcast16(u + chroma), pairOrder(1)))
                : chromaTerms(
                    m, _mm512_shuffle_epi8(broadcast8(u + chroma), chromaOrder),
                    _mm512_shuffle_epi8(broadcast8(v + chroma), chromaOrder))
            let (bg, ra) = pixelWords(m, y, terms, bound)
            return (_mm512_unpacklo_epi16(bg, ra), _mm512_unpackhi_epi16(bg, ra))
        }
        let p0 = pair(0)
        let p1 = pair(1)
        let p2 = pair(2)
        let p3 = pair(3)
        let p4 = pair(4)
        let p5 = pair(5)
        let p6 = pair(6)
        let p7 = pair(7)
        // Output lanes 2 P, 2 P + 1 come from pair P, or 7 - P when rows run backwards.
        if reversesRows {
            transposePairs(stores, p7.0, p6.0, p5.0, p4.0, p3.0, p2.0, p1.0, p0.0, to: to, outStride: outStride)
            transposePairs(
                stores, p7.1, p6.1, p5.1, p4.1, p3.1, p2.1, p1.1, p0.1, to: to + outStride, outStride: outStride)
        } else {
            transposePairs(stores, p0.0, p1.0, p2.0, p3.0, p4.0, p5.0, p6.0, p7.0, to: to, outStride: outStride)
            transposePairs(
                stores, p0.1, p1.1, p2.1, p3.1, p4.1, p5.1, p6.1, p7.1, to: to + outStride, outStride: outStride)
        }
    }

    /// The 8 × 8 transpose of 64-bit lanes: stores lane `P` of `x0` ...
    /// `x7` (lane `q` of `xP`) as lane `P` of output line `q`, at
    /// `to + 2 q × outStride`.
    @inlinable @inline(__always)
    static func transposePairs<Stores: SIMDStoreKind>(
        _ stores: Stores.Type, _ x0: __m512i, _ x1: __m512i, _ x2: __m512i, _ x3: __m512i,
        _ x4: __m512i, _ x5: __m512i, _ x6: __m512i, _ x7: __m512i,
        to: UnsafeMutablePointer<UInt8>, outStride: Int
    ) {
        // Lanes (0, 1) of a: x0 and x1 at q = 0; of b: at q = 1; 128-bit
        // lane k of a holds q = 2 k, of b q = 2 k + 1.
        let a01 = _mm512_unpacklo_epi64(x0, x1)
        let b01 = _mm512_unpackhi_epi64(x0, x1)
        let a23 = _mm512_unpacklo_epi64(x2, x3)
        let b23 = _mm512_unpackhi_epi64(x2, x3)
        let a45 = _mm512_unpacklo_epi64(x4, x5)
        let b45 = _mm512_unpackhi_epi64(x4, x5)
        let a67 = _mm512_unpacklo_epi64(x6, x7)
        let b67 = _mm512_unpackhi_epi64(x6, x7)
        // `vpermt2q` indices: 128-bit lanes 0 and 2 of the first operand,
        // then of the second (8 and up); lanes 1 and 3.
        let evenLanes = _mm512_set_epi64(13, 12, 9, 8, 5, 4, 1, 0)
        let oddLanes = _mm512_set_epi64(15, 14, 11, 10, 7, 6, 3, 2)
        /// Output lines `q` and `q + 4` from the `q`-lane vectors of x0 ... x3 and x4 ... x7.
        @inline(__always)
        func lines(_ low: __m512i, _ high: __m512i, _ q: Int) {
            // low: (x0 x1 q, x0 x1 q + 4, x2 x3 q, x2 x3 q + 4), likewise high for x4 ... x7.
            let first = _mm512_permutex2var_epi64(low, evenLanes, high)
            let second = _mm512_permutex2var_epi64(low, oddLanes, high)
            store(stores, first, at: to + 2 &* q &* outStride)
            store(stores, second, at: to + 2 &* (q &+ 4) &* outStride)
        }
        lines(_mm512_permutex2var_epi64(a01, evenLanes, a23), _mm512_permutex2var_epi64(a45, evenLanes, a67), 0)
        lines(_mm512_permutex2var_epi64(a01, oddLanes, a23), _mm512_permutex2var_epi64(a45, oddLanes, a67), 2)
        lines(_mm512_permutex2var_epi64(b01, evenLanes, b23), _mm512_permutex2var_epi64(b45, evenLanes, b67), 1)
        lines(_mm512_permutex2var_epi64(b01, oddLanes, b23), _mm512_permutex2var_epi64(b45, oddLanes, b67), 3)
    }

    /// The 16 bytes at `p` in each 128-bit lane (`vbroadcasti32x4`).
    @inlinable @inline(__always)
    static func broadcast16(_ p: UnsafePointer<UInt8>) -> __m512i {
        _mm512_broadcast_i32x4(UnsafeRawPointer(p).loadUnaligned(as: __m128i.self))
    }

    /// The 8 bytes at `p` in each 64-bit lane (`vpbroadcastq`).
    @inlinable @inline(__always)
    static func broadcast8(_ p: UnsafePointer<UInt8>) -> __m512i {
        _mm512_set1_epi64(Int64(bitPattern: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)))
    }

    /// `vpshufb` indices: both bytes of word 8 L + 4 o + 2 e + h take byte
    /// (column) 4 L + 2 e + o of a broadcast row.
    @inlinable @inline(__always)
    static var lumaOrder: __m512i {
        _mm512_set_epi8(
            15, 15, 15, 15, 13, 13, 13, 13, 14, 14, 14, 14, 12, 12, 12, 12,
            11, 11, 11, 11, 9, 9, 9, 9, 10, 10, 10, 10, 8, 8, 8, 8,
            7, 7, 7, 7, 5, 5, 5, 5, 6, 6, 6, 6, 4, 4, 4, 4,
            3, 3, 3, 3, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0)
    }

    /// The bytes of the words with h = 0 (bytes 0, 1, 4, 5, ... of each lane).
    @inlinable @inline(__always)
    static var firstRowBytes: __mmask64 { 0x3333_3333_3333_3333 }

    /// `vpshufb` indices: word 8 L + 4 o + 2 e + h takes chroma byte
    /// 2 L + e, zero-extended (index 0x80 gives 0), of broadcast 8 bytes.
    @inlinable @inline(__always)
    static var chromaOrder: __m512i {
        let z: Int8 = -128
        return _mm512_set_epi8(
            z, 7, z, 7, z, 6, z, 6, z, 7, z, 7, z, 6, z, 6,
            z, 5, z, 5, z, 4, z, 4, z, 5, z, 5, z, 4, z, 4,
            z, 3, z, 3, z, 2, z, 2, z, 3, z, 3, z, 2, z, 2,
            z, 1, z, 1, z, 0, z, 0, z, 1, z, 1, z, 0, z, 0)
    }

    /// `chromaOrder` for 8 interleaved pairs broadcast to each 128-bit
    /// lane: sample k of U is byte 2 k, of V byte 2 k + 1 (`component` 0
    /// or 1); zeroing indices stay negative.
    @inlinable @inline(__always)
    static func pairOrder(_ component: Int8) -> __m512i {
        let order = chromaOrder
        let zeroing = _mm512_and_si512(order, _mm512_set1_epi8(-128))
        return _mm512_or_si512(_mm512_or_si512(_mm512_add_epi8(order, order), zeroing), _mm512_set1_epi8(component))
    }
}
#endif
