#if arch(x86_64)
import _Builtin_intrinsics.intel
import SIMDRows
import SIMDRowsAVX512

// The VBMI level's 64-pixel row-pair block: the AVX2 block's arithmetic
// (SIMDRowsAVX2/PairBlock256.swift, docs/kernel.md "The VBMI level") in
// 512-bit vectors, with VBMI's byte permutes where that block shuffles
// within lanes.
// - Luma: one 64-byte load a row; one `vpermb` doubles 32 of its bytes
//   into `y × 0x0101` words, pixel j in word j.
// - Chroma: the (u, v) byte pair of each pixel's sample, in the same
//   order, by one `vpermt2b` of the two planes' 32 bytes (I420) or one
//   `vpermb` of the 64 bytes of pairs (NV12); each term one `vpmaddubsw`
//   of the pairs and one add. The two rows share them.
// - Blue and green: signed saturating sums, shifted right by 6 and
//   saturated to bytes by one `vpackuswb`; red: an unsigned saturating
//   sum in 0xC000 ... 0xFFFF (clamped below by `vpmaxuw`), so that the
//   shift leaves R|A words. One `vpermt2b` gathers each 16 pixels' four
//   bytes from the two.
// Check the hot loop after any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512VBMI.build/AVX512VBMILevel.swift.o

extension SIMDAVX512VBMILevel {
    /// The contract of `SIMDLevelTagAVX512.pairBlock64`, in the arithmetic
    /// above. (`top` is not used: this block clamps without it.)
    @inline(__always)
    public static func pairBlock64<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        reversed: Bool
    ) {
        let (first, second) = chromaTerms64(m, u, v)
        let luma0 = load64(y0)
        let luma1 = load64(y1)
        // Reversed, source pixels 0 ..< 32 are output pixels 32 ..< 64.
        let low = reversed ? 128 : 0
        storePixels32(m, stores, doubled(luma0, firstPixels), first, out0 + low, reversed: reversed)
        storePixels32(m, stores, doubled(luma1, firstPixels), first, out1 + low, reversed: reversed)
        storePixels32(m, stores, doubled(luma0, secondPixels), second, out0 + (128 &- low), reversed: reversed)
        storePixels32(m, stores, doubled(luma1, secondPixels), second, out1 + (128 &- low), reversed: reversed)
    }

    /// Converts 32 pixels from their luma as `y × 0x0101` words
    /// (`doubledLuma`, pixel j in word j) and their chroma terms `t`, and
    /// stores their 128 BGRA bytes at `out`, pixel `31 - j` as pixel `j`
    /// when `reversed`.
    @inline(__always)
    static func storePixels32<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ doubledLuma: __m512i, _ t: Terms512,
        _ out: UnsafeMutablePointer<UInt8>, reversed: Bool
    ) {
        let a = _mm512_mulhi_epu16(doubledLuma, splat(M.yg))  // y1 - YB
        // Lane L of 128 bits: blue of pixels 8 L ... 8 L + 7 in bytes 0-7, green in 8-15.
        let blueGreen = _mm512_packus_epi16(
            _mm512_srai_epi16(_mm512_adds_epi16(a, t.b), 6), _mm512_srai_epi16(_mm512_adds_epi16(a, t.g), 6))
        let redAlpha = _mm512_srai_epi16(_mm512_max_epu16(_mm512_adds_epu16(a, t.r), splat(0xC000)), 6)
        if reversed {
            store(stores, _mm512_permutex2var_epi8(blueGreen, bytesSecondReversed, redAlpha), at: out)  // 31 ... 16
            store(stores, _mm512_permutex2var_epi8(blueGreen, bytesFirstReversed, redAlpha), at: out + 64)  // 15 ... 0
        } else {
            store(stores, _mm512_permutex2var_epi8(blueGreen, bytesFirst, redAlpha), at: out)  // pixels 0 ... 15
            store(stores, _mm512_permutex2var_epi8(blueGreen, bytesSecond, redAlpha), at: out + 64)  // pixels 16 ... 31
        }
    }

    /// The chroma terms of pixels 0 ..< 32 (`first`) and 32 ..< 64
    /// (`second`), pixel j in word j, from chroma samples 0 ..< 32 of `u`
    /// and `v` in `M`'s layout (32 bytes of each plane, or 64 bytes of
    /// pairs).
    @inline(__always)
    static func chromaTerms64<M: SIMDRowMatrix>(
        _ m: M.Type, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>
    ) -> (first: Terms512, second: Terms512) {
        if M.Chroma.step == 2 {
            let pairs = load64(u)
            return (
                pairTerms(m, _mm512_permutexvar_epi8(firstPairs, pairs)),
                pairTerms(m, _mm512_permutexvar_epi8(secondPairs, pairs))
            )
        }
        // The upper 32 bytes of each are undefined; no index reads them.
        let us = _mm512_castsi256_si512(UnsafeRawPointer(u).loadUnaligned(as: __m256i.self))
        let vs = _mm512_castsi256_si512(UnsafeRawPointer(v).loadUnaligned(as: __m256i.self))
        return (
            pairTerms(m, _mm512_permutex2var_epi8(us, firstPlanePairs, vs)),
            pairTerms(m, _mm512_permutex2var_epi8(us, secondPlanePairs, vs))
        )
    }

    /// The chroma terms of the (u, v) pairs `p` (u in the low byte of each
    /// 16-bit lane, v in the high byte), with u, v the raw samples: Tb = YB
    /// + (u − 128) UB and Tg = YB − (u − 128) UG − (v − 128) VG, blue's and
    /// green's sums less the luma term; Tr = YB + (v − 128) VR + 0xC000,
    /// red's sum less the luma term plus 0xC000, as the AVX2 block's
    /// `pairTerms` gives them. Each product is one `vpmaddubsw` of the
    /// unsigned pairs by a signed byte pair; every matrix's coefficients
    /// fit a signed byte and no sum of two products leaves 16 bits.
    @inline(__always)
    static func pairTerms<M: SIMDRowMatrix>(_ m: M.Type, _ p: __m512i) -> Terms512 {
        Terms512(
            b: _mm512_sub_epi16(splat(M.yb - 128 * M.ub), _mm512_maddubs_epi16(p, splat(-M.ub & 0xFF))),
            g: _mm512_sub_epi16(splat(M.yb + 128 * (M.ug + M.vg)), _mm512_maddubs_epi16(p, splat(M.vg << 8 | M.ug))),
            r: _mm512_add_epi16(splat(M.yb - 128 * M.vr + 0xC000), _mm512_maddubs_epi16(p, splat(M.vr << 8))))
    }

    /// The 64 bytes at `p`, no alignment needed.
    @inline(__always)
    static func load64(_ p: UnsafePointer<UInt8>) -> __m512i {
        UnsafeRawPointer(p).loadUnaligned(as: __m512i.self)
    }

    /// Bytes `indices` names of `luma`, each into both bytes of a word:
    /// `y × 0x0101` words (`vpermb`).
    @inline(__always)
    static func doubled(_ luma: __m512i, _ indices: __m512i) -> __m512i {
        _mm512_permutexvar_epi8(indices, luma)
    }

    /// `vpermb` indices doubling bytes 0 ..< 32 (pixel j into word j).
    @inline(__always)
    static var firstPixels: __m512i {
        _mm512_set_epi8(
            31, 31, 30, 30, 29, 29, 28, 28, 27, 27, 26, 26, 25, 25, 24, 24,
            23, 23, 22, 22, 21, 21, 20, 20, 19, 19, 18, 18, 17, 17, 16, 16,
            15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8,
            7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0)
    }

    /// The same for bytes 32 ..< 64.
    @inline(__always)
    static var secondPixels: __m512i { _mm512_add_epi8(firstPixels, _mm512_set1_epi8(32)) }

    /// `vpermt2b` indices taking the (u, v) pair of pixel j's sample, j / 2,
    /// into word j, for pixels 0 ..< 32: u from the first plane's bytes
    /// (indices 0 ..< 16), v from the second's (from 64).
    @inline(__always)
    static var firstPlanePairs: __m512i {
        _mm512_set_epi8(
            79, 15, 79, 15, 78, 14, 78, 14, 77, 13, 77, 13, 76, 12, 76, 12,
            75, 11, 75, 11, 74, 10, 74, 10, 73, 9, 73, 9, 72, 8, 72, 8,
            71, 7, 71, 7, 70, 6, 70, 6, 69, 5, 69, 5, 68, 4, 68, 4,
            67, 3, 67, 3, 66, 2, 66, 2, 65, 1, 65, 1, 64, 0, 64, 0)
    }

    /// The same for pixels 32 ..< 64 (samples 16 ..< 32).
    @inline(__always)
    static var secondPlanePairs: __m512i { _mm512_add_epi8(firstPlanePairs, _mm512_set1_epi8(16)) }

    /// `vpermb` indices taking NV12 pair j / 2 (bytes j − j mod 2 and the
    /// next) into word j, for pixels 0 ..< 32.
    @inline(__always)
    static var firstPairs: __m512i {
        _mm512_set_epi8(
            31, 30, 31, 30, 29, 28, 29, 28, 27, 26, 27, 26, 25, 24, 25, 24,
            23, 22, 23, 22, 21, 20, 21, 20, 19, 18, 19, 18, 17, 16, 17, 16,
            15, 14, 15, 14, 13, 12, 13, 12, 11, 10, 11, 10, 9, 8, 9, 8,
            7, 6, 7, 6, 5, 4, 5, 4, 3, 2, 3, 2, 1, 0, 1, 0)
    }

    /// The same for pixels 32 ..< 64 (pairs 16 ..< 32).
    @inline(__always)
    static var secondPairs: __m512i { _mm512_add_epi8(firstPairs, _mm512_set1_epi8(32)) }

    /// `vpermt2b` indices taking the B, G, R and A bytes of pixels 0 ... 15
    /// in memory order. Pixel p's blue is byte 16 (p / 8) + p mod 8 of the
    /// packed vector, its green the byte 8 on; its red and alpha are bytes
    /// 2 p and 2 p + 1 of the R|A words (indices from 64).
    @inline(__always)
    static var bytesFirst: __m512i {
        _mm512_set_epi8(
            95, 94, 31, 23, 93, 92, 30, 22, 91, 90, 29, 21, 89, 88, 28, 20,
            87, 86, 27, 19, 85, 84, 26, 18, 83, 82, 25, 17, 81, 80, 24, 16,
            79, 78, 15, 7, 77, 76, 14, 6, 75, 74, 13, 5, 73, 72, 12, 4,
            71, 70, 11, 3, 69, 68, 10, 2, 67, 66, 9, 1, 65, 64, 8, 0)
    }

    /// The same for pixels 16 ... 31: every byte 32 on.
    @inline(__always)
    static var bytesSecond: __m512i { _mm512_add_epi8(bytesFirst, _mm512_set1_epi8(32)) }

    /// The same as `bytesFirst` for pixels 15 ... 0: its pixels' four
    /// indices (32-bit lanes) in reverse order.
    @inline(__always)
    static var bytesFirstReversed: __m512i {
        _mm512_permutexvar_epi32(_mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), bytesFirst)
    }

    /// The same for pixels 31 ... 16.
    @inline(__always)
    static var bytesSecondReversed: __m512i { _mm512_add_epi8(bytesFirstReversed, _mm512_set1_epi8(32)) }

    /// 32 lanes of the low 16 bits of `x`.
    @inline(__always)
    static func splat(_ x: Int) -> __m512i {
        _mm512_set1_epi16(Int16(truncatingIfNeeded: x))
    }
}
#endif
