#if arch(x86_64)
import _Builtin_intrinsics.intel
import CBroadcastLoad
import SIMDRows

// The AVX2 level's 64-pixel row-pair block: the kernel's arithmetic
// (docs/kernel.md, "Arithmetic in 16-bit lanes") in 256-bit vectors of 16
// pixels, written with clang's AVX2 intrinsics so that each step is the
// instruction named. The generic block (SIMDRows' `rowPairBlock`) spells
// the same steps in Swift SIMD types; given the interleave below as a
// shuffle, LLVM moves it above the clamps and turns them into compares and
// byte blends, so the generic block interleaves with shifts and word
// blends instead (four instructions where these take two).
//
// A vector holds 16 pixels in the order 0-3, 8-11 | 4-7, 12-15 (128-bit
// lanes of 8), so that `vpunpcklwd` and `vpunpckhwd` of the B|G and R|A
// words give pixels 0-7 and 8-15 in memory order. Its luma arrives as
// `y × 0x0101` words from one in-lane byte shuffle of 16 bytes loaded
// into both lanes; chroma terms are computed once for the 16 samples two
// rows share and spread to that order by unpacking each with itself.
// After a change, read the hot loop (after a change to SIMDRows' inlinable
// code this module uses, touch AVX2Level.swift: SwiftPM does not rebuild it):
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX2.build/AVX2Level.swift.o

extension SIMDAVX2Level {
    /// Converts pixels 0 ..< 64 of two rows as two 32-pixel blocks of
    /// 256-bit vectors; the contract of `SIMDLevelTag.convertPairBlock64`.
    @inline(__always)
    public static func convertPairBlock64<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>
    ) {
        let bound = unsafeBitCast(top, to: __m256i.self)
        let step = 16 &* M.Chroma.step
        pairBlock32(m, stores, y0, y1, u, v, out0, out1, bound)
        pairBlock32(m, stores, y0 + 32, y1 + 32, u + step, v + step, out0 + 128, out1 + 128, bound)
    }

    /// 16: an end of a row pair is converted in 32- and 16-pixel blocks.
    @inline(__always)
    public static var pairEndStep: Int { 16 }

    /// 32-pixel blocks while 32 pixels are left, then 16-pixel blocks, the
    /// last one ending at `end`; the contract of `SIMDLevelTag.convertPairEnd`.
    @inline(__always)
    public static func convertPairEnd<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        start: Int, end: Int
    ) {
        let bound = unsafeBitCast(top, to: __m256i.self)
        var x = start
        while end &- x >= 32 {
            let c = (x &>> 1) &* M.Chroma.step
            pairBlock32(m, stores, y0 + x, y1 + x, u + c, v + c, out0 + x &<< 2, out1 + x &<< 2, bound)
            x &+= 32
        }
        while x < end {
            x = min(x, end &- 16)
            let c = (x &>> 1) &* M.Chroma.step
            pairBlock16(m, stores, y0 + x, y1 + x, u + c, v + c, out0 + x &<< 2, out1 + x &<< 2, bound)
            x &+= 16
        }
    }

    /// Pixels 0 ..< 16 of two rows sharing the chroma samples 0 ..< 8 of
    /// `u` and `v`: 64 bytes at `out0` and at `out1`.
    @inline(__always)
    static func pairBlock16<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ bound: __m256i
    ) {
        let words = chromaWords8(m, u, v)
        let t = chromaTerms(m, words.u, words.v)
        let terms = Terms256(
            b: _mm256_unpacklo_epi16(t.b, t.b), g: _mm256_unpacklo_epi16(t.g, t.g),
            r: _mm256_unpacklo_epi16(t.r, t.r))
        pixels16(m, stores, y0, terms, bound, out0)
        pixels16(m, stores, y1, terms, bound, out1)
    }

    /// Chroma samples 0 ..< 8 of `u` and `v` in `M`'s layout (reading 8
    /// bytes of each plane, or 16 bytes of pairs) as words in the order
    /// 0, 1, 4, 5 | 2, 3, 6, 7 in the low halves of the 128-bit lanes, the
    /// order of `chromaWords` for the first 8 samples.
    @inline(__always)
    static func chromaWords8<M: SIMDRowMatrix>(
        _ m: M.Type, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>
    ) -> (u: __m256i, v: __m256i) {
        let z: Int8 = -128  // a zero byte
        if M.Chroma.step == 2 {
            let pairs = _mm_loadu_si128(UnsafeRawPointer(u).assumingMemoryBound(to: __m128i.self))
            let us = _mm_shuffle_epi8(pairs, _mm_setr_epi8(0, 2, 8, 10, z, z, z, z, 4, 6, 12, 14, z, z, z, z))
            let vs = _mm_shuffle_epi8(pairs, _mm_setr_epi8(1, 3, 9, 11, z, z, z, z, 5, 7, 13, 15, z, z, z, z))
            return (_mm256_cvtepu8_epi16(us), _mm256_cvtepu8_epi16(vs))
        }
        let order = _mm_setr_epi8(0, 1, 4, 5, z, z, z, z, 2, 3, 6, 7, z, z, z, z)
        let us = _mm_cvtsi64_si128(Int64(bitPattern: UnsafeRawPointer(u).loadUnaligned(as: UInt64.self)))
        let vs = _mm_cvtsi64_si128(Int64(bitPattern: UnsafeRawPointer(v).loadUnaligned(as: UInt64.self)))
        return (_mm256_cvtepu8_epi16(_mm_shuffle_epi8(us, order)), _mm256_cvtepu8_epi16(_mm_shuffle_epi8(vs, order)))
    }

    /// Pixels 0 ..< 32 of two rows sharing the chroma samples 0 ..< 16 of
    /// `u` and `v`: 128 bytes at `out0` and at `out1`.
    @inline(__always)
    static func pairBlock32<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ bound: __m256i
    ) {
        let samples = M.Chroma.load16(u, v)
        let t = chromaTerms(m, chromaWords(samples.u), chromaWords(samples.v))
        // Samples 0-1, 4-5 | 2-3, 6-7 for pixels 0 ... 15; 8-9, 12-13 | 10-11, 14-15 for 16 ... 31.
        let first = Terms256(
            b: _mm256_unpacklo_epi16(t.b, t.b), g: _mm256_unpacklo_epi16(t.g, t.g),
            r: _mm256_unpacklo_epi16(t.r, t.r))
        let second = Terms256(
            b: _mm256_unpackhi_epi16(t.b, t.b), g: _mm256_unpackhi_epi16(t.g, t.g),
            r: _mm256_unpackhi_epi16(t.r, t.r))
        pixels16(m, stores, y0, first, bound, out0)
        pixels16(m, stores, y1, first, bound, out1)
        pixels16(m, stores, y0 + 16, second, bound, out0 + 64)
        pixels16(m, stores, y1 + 16, second, bound, out1 + 64)
    }

    /// 16 pixels from the luma bytes at `y` and their chroma terms `t`:
    /// 64 bytes at `out`. Blue and green are clamped with `vpminuw` and
    /// merged into B|G words; red is clamped above by a saturating add, so
    /// that one arithmetic shift leaves R|A words (as at the AVX-512
    /// level, docs/kernel.md).
    @inline(__always)
    static func pixels16<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y: UnsafePointer<UInt8>, _ t: Terms256, _ bound: __m256i,
        _ out: UnsafeMutablePointer<UInt8>
    ) {
        let a = _mm256_or_si256(_mm256_mulhi_epu16(lumaWords(y), splat(M.yg)), splat(SIMDRowConstants.lumaOffset))
        let b = _mm256_srli_epi16(_mm256_min_epu16(_mm256_subs_epu16(a, t.b), bound), 6)  // blue, low byte
        let g = _mm256_slli_epi16(_mm256_min_epu16(_mm256_subs_epu16(a, t.g), bound), 2)  // green, high byte
        let bg = _mm256_or_si256(b, _mm256_and_si256(g, splat(0xFF00)))
        let ra = _mm256_srai_epi16(
            _mm256_adds_epu16(_mm256_subs_epu16(a, t.r), splat(0xFFFF - SIMDRowConstants.upperBoundValue)), 6)
        store(stores, _mm256_unpacklo_epi16(bg, ra), at: out)  // pixels 0 ... 7
        store(stores, _mm256_unpackhi_epi16(bg, ra), at: out + 32)  // pixels 8 ... 15
    }

    /// The 16 luma bytes at `y` (no alignment needed) as `y × 0x0101`
    /// words in the order 0-3, 8-11 | 4-7, 12-15: loaded into both
    /// 128-bit lanes (`framebench_broadcast128`), each byte doubled
    /// within its lane (`vpshufb`).
    @inline(__always)
    static func lumaWords(_ y: UnsafePointer<UInt8>) -> __m256i {
        let bytes = framebench_broadcast128(y)
        let control = _mm256_setr_epi8(
            0, 0, 1, 1, 2, 2, 3, 3, 8, 8, 9, 9, 10, 10, 11, 11,
            4, 4, 5, 5, 6, 6, 7, 7, 12, 12, 13, 13, 14, 14, 15, 15)
        return _mm256_shuffle_epi8(bytes, control)
    }

    /// 16 chroma samples as words in the order 0, 1, 4, 5, 8, 9, 12, 13 |
    /// 2, 3, 6, 7, 10, 11, 14, 15, from which unpacking each 128-bit lane
    /// with itself repeats them in the pixel order of `lumaWords`.
    @inline(__always)
    static func chromaWords(_ c: SIMD16<UInt8>) -> __m256i {
        let order = _mm_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15)
        return _mm256_cvtepu8_epi16(_mm_shuffle_epi8(unsafeBitCast(c, to: __m128i.self), order))
    }

    /// The chroma terms of samples `uw` and `vw` (one per 16-bit lane):
    /// with u, v the raw samples, Tb = offset + 128 UB - u UB, and so on.
    @inline(__always)
    static func chromaTerms<M: SIMDRowMatrix>(_ m: M.Type, _ uw: __m256i, _ vw: __m256i) -> Terms256 {
        let offset = SIMDRowConstants.lumaOffset - M.yb
        return Terms256(
            b: _mm256_sub_epi16(splat(offset + 128 * M.ub), _mm256_mullo_epi16(uw, splat(M.ub))),
            g: _mm256_add_epi16(
                _mm256_add_epi16(splat(offset - 128 * (M.ug + M.vg)), _mm256_mullo_epi16(uw, splat(M.ug))),
                _mm256_mullo_epi16(vw, splat(M.vg))),
            r: _mm256_sub_epi16(splat(offset + 128 * M.vr), _mm256_mullo_epi16(vw, splat(M.vr))))
    }

    /// Stores 32 bytes at `address` (32-byte aligned when `Stores` streams).
    @inline(__always)
    static func store<Stores: SIMDStoreKind>(
        _ stores: Stores.Type, _ value: __m256i, at address: UnsafeMutablePointer<UInt8>
    ) {
        Stores.store(unsafeBitCast(value, to: SIMD8<UInt32>.self), at: UnsafeMutableRawPointer(address))
    }

    /// 16 lanes of the low 16 bits of `x`.
    @inline(__always)
    static func splat(_ x: Int) -> __m256i {
        _mm256_set1_epi16(Int16(truncatingIfNeeded: x))
    }
}

/// The blue, green and red chroma terms of 16 pixels, one per 16-bit lane.
struct Terms256 {
    var b, g, r: __m256i
}
#endif
