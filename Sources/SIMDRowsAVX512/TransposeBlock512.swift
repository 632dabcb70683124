#if arch(x86_64)
import _Builtin_intrinsics.intel
import SIMDRows

// The AVX-512 level's 16 × 16 transpose of 32-bit pixels: 16 row loads,
// two rounds of in-lane `vpunpck*` (32-bit, then 64-bit lanes: a 4 × 4
// transpose in each 128-bit lane), two rounds of `vpermt2q` that gather
// the four 128-bit lanes of each output row, and 16 whole-line stores:
// 96 instructions for 256 pixels, where four 8 × 8 blocks in 256-bit
// vectors take about 160 and write each line in two halves. Check after
// any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512.build/AVX512Level.swift.o

extension SIMDAVX512Level {
    /// In 512-bit vectors; the contract of `SIMDLevelTag.transposeBlock16`.
    @inline(__always)
    public static func transposeBlock16<Stores: SIMDStoreKind>(
        _ stores: Stores.Type, from: UnsafeRawPointer, rowStride: Int, to: UnsafeMutableRawPointer, outStride: Int
    ) {
        /// Row `k` of the block.
        @inline(__always)
        func row(_ k: Int) -> __m512i { (from + k &* rowStride).loadUnaligned(as: __m512i.self) }
        /// Rounds 1 and 2 on rows `4 g ..< 4 g + 4`: lane `l` of result `m`
        /// holds column `4 l + m` of those rows.
        @inline(__always)
        func quad(_ g: Int) -> (__m512i, __m512i, __m512i, __m512i) {
            let r0 = row(4 &* g)
            let r1 = row(4 &* g &+ 1)
            let r2 = row(4 &* g &+ 2)
            let r3 = row(4 &* g &+ 3)
            let a0 = _mm512_unpacklo_epi32(r0, r1)
            let a1 = _mm512_unpackhi_epi32(r0, r1)
            let a2 = _mm512_unpacklo_epi32(r2, r3)
            let a3 = _mm512_unpackhi_epi32(r2, r3)
            return (
                _mm512_unpacklo_epi64(a0, a2), _mm512_unpackhi_epi64(a0, a2), _mm512_unpacklo_epi64(a1, a3),
                _mm512_unpackhi_epi64(a1, a3)
            )
        }
        // 64-bit lane indices of `vpermt2q`, lane 0 last (8 and up: the second operand).
        let interleaveLow = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0)  // a.l0 b.l0 a.l1 b.l1
        let interleaveHigh = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4)  // a.l2 b.l2 a.l3 b.l3
        let joinLow = _mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0)  // a.l0 a.l1 b.l0 b.l1
        let joinHigh = _mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4)  // a.l2 a.l3 b.l2 b.l3
        /// Stores output row `j` (column `j` of the block).
        @inline(__always)
        func put(_ value: __m512i, _ j: Int) {
            store(stores, value, at: (to + j &* outStride).assumingMemoryBound(to: UInt8.self))
        }
        /// Rounds 3 and 4 for columns `m`, `4 + m`, `8 + m` and `12 + m`,
        /// from the `m`-th results of the four row groups.
        @inline(__always)
        func columns(_ m: Int, _ q0: __m512i, _ q1: __m512i, _ q2: __m512i, _ q3: __m512i) {
            let topLow = _mm512_permutex2var_epi64(q0, interleaveLow, q1)  // columns m, 4 + m; rows 0 ..< 8
            let topHigh = _mm512_permutex2var_epi64(q0, interleaveHigh, q1)  // columns 8 + m, 12 + m
            let bottomLow = _mm512_permutex2var_epi64(q2, interleaveLow, q3)  // rows 8 ..< 16
            let bottomHigh = _mm512_permutex2var_epi64(q2, interleaveHigh, q3)
            put(_mm512_permutex2var_epi64(topLow, joinLow, bottomLow), m)
            put(_mm512_permutex2var_epi64(topLow, joinHigh, bottomLow), 4 &+ m)
            put(_mm512_permutex2var_epi64(topHigh, joinLow, bottomHigh), 8 &+ m)
            put(_mm512_permutex2var_epi64(topHigh, joinHigh, bottomHigh), 12 &+ m)
        }
        let g0 = quad(0)
        let g1 = quad(1)
        let g2 = quad(2)
        let g3 = quad(3)
        columns(0, g0.0, g1.0, g2.0, g3.0)
        columns(1, g0.1, g1.1, g2.1, g3.1)
        columns(2, g0.2, g1.2, g2.2, g3.2)
        columns(3, g0.3, g1.3, g2.3, g3.3)
    }
}
#endif
