#if arch(x86_64)
import _Builtin_intrinsics.intel
import SIMDRows
import SIMDRowsAVX512

// The VBMI level's last step of a row-pair block. Blue's and green's sums
// are shifted right by 6 without a clamp above: `vpackuswb` saturates each
// (at most 1023) to a byte, in place of the two `vpminuw` and the merge of
// the B|G words. Red and alpha stay the R|A words of the other levels. Each
// 16 pixels' bytes then come from those two vectors with one `vpermt2b`
// (AVX-512 VBMI), as the `vpermt2w` of the B|G and R|A words does at the
// AVX-512 level: 13 instructions for 32 pixels instead of 15
// (docs/kernel.md, "The VBMI level"). Check the hot loop after any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512VBMI.build/AVX512VBMILevel.swift.o

extension SIMDAVX512VBMILevel {
    /// Clamped by saturating to bytes (`vpackuswb`), so without the upper
    /// bound, each 16 pixels' bytes gathered by one `vpermt2b`; the
    /// contract of `SIMDLevelTagAVX512.storePixels32`.
    @inline(__always)
    public static func storePixels32<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y: UnsafePointer<UInt8>, _ t: Terms512, _: __m512i,
        _ out: UnsafeMutablePointer<UInt8>, reversed: Bool
    ) {
        let a = lumaTerm(m, lumaWords(y))
        // Lane L of 128 bits: blue of its 8 pixels in bytes 0-7, green in 8-15.
        let blueGreen = _mm512_packus_epi16(
            _mm512_srli_epi16(_mm512_subs_epu16(a, t.b), 6), _mm512_srli_epi16(_mm512_subs_epu16(a, t.g), 6))
        let redAlpha = redAlphaWords(a, t.r)
        if reversed {
            store(stores, _mm512_permutex2var_epi8(blueGreen, bytesSecondReversed, redAlpha), at: out)  // 31 ... 16
            store(stores, _mm512_permutex2var_epi8(blueGreen, bytesFirstReversed, redAlpha), at: out + 64)  // 15 ... 0
        } else {
            store(stores, _mm512_permutex2var_epi8(blueGreen, bytesFirst, redAlpha), at: out)  // pixels 0 ... 15
            store(stores, _mm512_permutex2var_epi8(blueGreen, bytesSecond, redAlpha), at: out + 64)  // pixels 16 ... 31
        }
    }

    /// `vpermt2b` indices taking the B, G, R and A bytes of pixels 0 ... 15
    /// in memory order. Pixel p sits at position k = p mod 8 of 128-bit lane
    /// L = 0, 2, 1, 3 for p in 0-7, 8-15, 16-23, 24-31 (`lumaWords`): its
    /// blue is byte 16 L + k of the packed vector, its green 16 L + 8 + k,
    /// its red and alpha bytes 16 L + 2 k and 16 L + 2 k + 1 of the R|A
    /// words (indices from 64).
    @inline(__always)
    static var bytesFirst: __m512i {
        _mm512_set_epi8(
            111, 110, 47, 39, 109, 108, 46, 38, 107, 106, 45, 37, 105, 104, 44, 36,
            103, 102, 43, 35, 101, 100, 42, 34, 99, 98, 41, 33, 97, 96, 40, 32,
            79, 78, 15, 7, 77, 76, 14, 6, 75, 74, 13, 5, 73, 72, 12, 4,
            71, 70, 11, 3, 69, 68, 10, 2, 67, 66, 9, 1, 65, 64, 8, 0)
    }

    /// The same for pixels 16 ... 31: lanes 1 and 3, 16 bytes on.
    @inline(__always)
    static var bytesSecond: __m512i { _mm512_add_epi8(bytesFirst, _mm512_set1_epi8(16)) }

    /// The same as `bytesFirst` for pixels 15 ... 0: its pixels' four
    /// indices (32-bit lanes) in reverse order.
    @inline(__always)
    static var bytesFirstReversed: __m512i {
        _mm512_permutexvar_epi32(_mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), bytesFirst)
    }

    /// The same for pixels 31 ... 16.
    @inline(__always)
    static var bytesSecondReversed: __m512i { _mm512_add_epi8(bytesFirstReversed, _mm512_set1_epi8(16)) }
}
#endif
