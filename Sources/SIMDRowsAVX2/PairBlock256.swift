#if arch(x86_64)
import _Builtin_intrinsics.intel
import CBroadcastLoad
import SIMDRows

// The AVX2 level's 64-pixel row-pair block, written with clang's AVX2
// intrinsics so that each step is the instruction named. Its arithmetic is
// libyuv's own (docs/kernel.md, "The AVX2 block"): blue and green are
// signed 16-bit sums made with a saturating add, shifted right by 6 with
// `vpmulhw` by 1024 (the multiply pipes, not the shift and shuffle ones)
// and clamped to bytes by `vpackuswb`; red is clamped by an unsigned
// saturating add and a `vpmaxuw`, so that the same shift leaves R|A words.
//
// A vector holds 16 pixels in the order 0-3, 8-11 | 4-7, 12-15 (128-bit
// lanes of 8), so that `vpunpcklwd` and `vpunpckhwd` of the B|G and R|A
// words give pixels 0-7 and 8-15 in memory order. Luma samples arrive in
// that order from one in-lane byte shuffle of 16 bytes loaded into both
// lanes (`framebench_broadcast128`). The chroma terms arrive in it too,
// repeated for the two pixels that share a sample:
// - in 32-pixel blocks from planes (16 bytes a plane by
//   `framebench_broadcast128`), computed once for the 16 samples in
//   `planeSamples` order and repeated by unpacks;
// - at 16-pixel row ends from planes (8 bytes a plane by `vpbroadcastq`),
//   computed from samples already repeated by one in-lane shuffle;
// - from NV12 pairs (16 bytes by `framebench_broadcast128`), computed from
//   pairs repeated by one in-lane shuffle, each term's products one
//   `vpmaddubsw` of the (u, v) bytes.
// The two rows of a pair share the chroma terms and go through each step
// side by side (`pixels16`). A mirrored block takes
// the same instructions: other shuffle controls put its luma bytes and
// chroma samples in the reverse of that order (pixels 15-12, 7-4 |
// 11-8, 3-0), so that the same unpacks give pixels 15-8 and 7-0 in memory
// order. After a change, read the
// hot loop (after a change to SIMDRows' inlinable code this module uses,
// touch AVX2Level.swift: SwiftPM does not rebuild it):
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX2.build/AVX2Level.swift.o

extension SIMDAVX2Level {
    /// Converts pixels 0 ..< 64 of two rows as two 32-pixel blocks of
    /// 256-bit vectors; the contract of `SIMDLevelTag.convertPairBlock64`.
    /// (`top` is not used: this block clamps without it.)
    @inline(__always)
    public static func convertPairBlock64<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>
    ) {
        pairBlock32(m, stores, y0, y1, u, v, out0, out1, reversed: false)
        pairBlock32(
            m, stores, y0 + 32, y1 + 32, chromaSampleAddress(m, u, 16), chromaSampleAddress(m, v, 16), out0 + 128,
            out1 + 128, reversed: false)
    }

    /// `convertPairBlock64` with the pixels written in reverse order, in
    /// the same instructions (only the shuffle controls differ); the
    /// contract of `SIMDLevelTagMirroringBlocks.convertPairBlock64Reversed`.
    /// (`top` is not used: this block clamps without it.)
    @inline(__always)
    public static func convertPairBlock64Reversed<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>
    ) {
        // Source pixels 32 ..< 64 are output pixels 0 ..< 32: stored first,
        // so that each row's lines are written in ascending order.
        pairBlock32(
            m, stores, y0 + 32, y1 + 32, chromaSampleAddress(m, u, 16), chromaSampleAddress(m, v, 16), out0, out1,
            reversed: true)
        pairBlock32(m, stores, y0, y1, u, v, out0 + 128, out1 + 128, reversed: true)
    }

    /// 16: an end of a row pair is converted in 32- and 16-pixel blocks.
    @inline(__always)
    public static var pairEndStep: Int { 16 }

    /// 16: one 16-pixel block.
    @inline(__always)
    public static var narrowestPairEnd: Int { 16 }

    /// 32-pixel blocks while 32 pixels are left, then 16-pixel blocks, the
    /// last one ending at `end`; the contract of `SIMDLevelTag.convertPairEnd`.
    /// (`top` is not used: this block clamps without it.)
    @inline(__always)
    public static func convertPairEnd<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        start: Int, end: Int
    ) {
        var x = start
        while end &- x >= 32 {
            pairBlock32(
                m, stores, y0 + x, y1 + x, chromaSampleAddress(m, u, x &>> 1), chromaSampleAddress(m, v, x &>> 1),
                out0 + x &<< 2, out1 + x &<< 2, reversed: false)
            x &+= 32
        }
        while x < end {
            x = min(x, end &- 16)
            pairBlock16(
                m, stores, y0 + x, y1 + x, chromaSampleAddress(m, u, x &>> 1), chromaSampleAddress(m, v, x &>> 1),
                out0 + x &<< 2, out1 + x &<< 2)
            x &+= 16
        }
    }

    /// Pixels 0 ..< 16 of two rows sharing the chroma samples 0 ..< 8 of
    /// `u` and `v`: 64 bytes at `out0` and at `out1`.
    @inline(__always)
    static func pairBlock16<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>
    ) {
        let terms = chromaTerms16(m, u, v)
        pixels16(m, stores, y0, y1, terms, out0, out1, reversed: false)
    }

    /// The chroma terms of pixels 0 ..< 16 from chroma samples 0 ..< 8 of
    /// `u` and `v` in `M`'s layout (reading 8 bytes of each plane, or 16
    /// bytes of pairs), each repeated for the two pixels that share its
    /// sample, in the pixel order of `lumaWords`: samples 0, 0, 1, 1, 4, 4,
    /// 5, 5 | 2, 2, 3, 3, 6, 6, 7, 7.
    @inline(__always)
    static func chromaTerms16<M: SIMDRowMatrix>(
        _ m: M.Type, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>
    ) -> Terms256 {
        if M.Chroma.step == 2 {
            return pairTerms16(m, u, reversed: false)
        }
        return chromaTerms(
            m, _mm256_shuffle_epi8(broadcast64(u), firstSamples), _mm256_shuffle_epi8(broadcast64(v), firstSamples))
    }

    /// The 8 bytes at `p` (no alignment needed) in each 64-bit lane, by
    /// one `vpbroadcastq` from memory.
    @inline(__always)
    static func broadcast64(_ p: UnsafePointer<UInt8>) -> __m256i {
        _mm256_set1_epi64x(Int64(bitPattern: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)))
    }

    /// Pixels 0 ..< 32 of two rows sharing the chroma samples 0 ..< 16 of
    /// `u` and `v`: 128 bytes at `out0` and at `out1`, pixel `31 - j` as
    /// output pixel `j` when `reversed`.
    @inline(__always)
    static func pairBlock32<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, reversed: Bool
    ) {
        let (first, second) = chromaTerms32(m, u, v, reversed: reversed)
        if reversed {
            // Source pixels 16 ..< 32 are output pixels 0 ..< 16: stored
            // first, so that each row's lines are written in ascending order.
            pixels16(m, stores, y0 + 16, y1 + 16, second, out0, out1, reversed: true)
            pixels16(m, stores, y0, y1, first, out0 + 64, out1 + 64, reversed: true)
        } else {
            pixels16(m, stores, y0, y1, first, out0, out1, reversed: false)
            pixels16(m, stores, y0 + 16, y1 + 16, second, out0 + 64, out1 + 64, reversed: false)
        }
    }

    /// 16 pixels of each of two rows sharing the chroma terms `t` (in the
    /// pixel order of `lumaWords` with the same `reversed`): the luma
    /// bytes at `y0` as 64 bytes at `out0`, those at `y1` at `out1`, pixel
    /// `15 - j` as output pixel `j` when `reversed`. Blue and green are
    /// signed sums, shifted and packed to saturated bytes (`vpackuswb`)
    /// and interleaved into B|G words; red's sum lands in 0xC000 ... 0xFFFF
    /// (a saturating add clamps it above, `vpmaxuw` below), so that the
    /// shift leaves R|A words. Each step is written for both rows before
    /// the next, so that a core with a small scheduler finds two
    /// independent chains side by side (docs/log/kernel-amd-zen1.md, "Two
    /// rows a step").
    @inline(__always)
    static func pixels16<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ t: Terms256, _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, reversed: Bool
    ) {
        let a0 = _mm256_mulhi_epu16(lumaWords(y0, reversed: reversed), splat(M.yg))  // y1 - YB
        let a1 = _mm256_mulhi_epu16(lumaWords(y1, reversed: reversed), splat(M.yg))
        let b0 = shiftRight6(_mm256_adds_epi16(a0, t.b))
        let b1 = shiftRight6(_mm256_adds_epi16(a1, t.b))
        let g0 = shiftRight6(_mm256_adds_epi16(a0, t.g))
        let g1 = shiftRight6(_mm256_adds_epi16(a1, t.g))
        let ra0 = shiftRight6(_mm256_max_epu16(_mm256_adds_epu16(a0, t.r), splat(0xC000)))
        let ra1 = shiftRight6(_mm256_max_epu16(_mm256_adds_epu16(a1, t.r), splat(0xC000)))
        let interleave = _mm256_setr_epi8(
            0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15,
            0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15)
        let bg0 = _mm256_shuffle_epi8(_mm256_packus_epi16(b0, g0), interleave)
        let bg1 = _mm256_shuffle_epi8(_mm256_packus_epi16(b1, g1), interleave)
        store(stores, _mm256_unpacklo_epi16(bg0, ra0), at: out0)  // pixels 0 ... 7 (reversed: 15 ... 8)
        store(stores, _mm256_unpackhi_epi16(bg0, ra0), at: out0 + 32)  // pixels 8 ... 15 (reversed: 7 ... 0)
        store(stores, _mm256_unpacklo_epi16(bg1, ra1), at: out1)
        store(stores, _mm256_unpackhi_epi16(bg1, ra1), at: out1 + 32)
    }

    /// `x >> 6` in each signed 16-bit lane (rounding towards −∞), as the
    /// high half of `x × 1024` (`vpmulhw`).
    @inline(__always)
    static func shiftRight6(_ x: __m256i) -> __m256i {
        _mm256_mulhi_epi16(x, splat(1024))
    }

    /// The 16 luma bytes at `y` (no alignment needed) as `y × 0x0101`
    /// words in the order 0-3, 8-11 | 4-7, 12-15, or when `reversed`
    /// 15-12, 7-4 | 11-8, 3-0: loaded into both 128-bit lanes
    /// (`framebench_broadcast128`), each byte doubled within its lane
    /// (`vpshufb`).
    @inline(__always)
    static func lumaWords(_ y: UnsafePointer<UInt8>, reversed: Bool) -> __m256i {
        let bytes = framebench_broadcast128(y)
        let control =
            reversed
            ? _mm256_setr_epi8(
                15, 15, 14, 14, 13, 13, 12, 12, 7, 7, 6, 6, 5, 5, 4, 4,
                11, 11, 10, 10, 9, 9, 8, 8, 3, 3, 2, 2, 1, 1, 0, 0)
            : _mm256_setr_epi8(
                0, 0, 1, 1, 2, 2, 3, 3, 8, 8, 9, 9, 10, 10, 11, 11,
                4, 4, 5, 5, 6, 6, 7, 7, 12, 12, 13, 13, 14, 14, 15, 15)
        return _mm256_shuffle_epi8(bytes, control)
    }

    /// The chroma terms of pixels 0 ..< 16 (`first`) and 16 ..< 32
    /// (`second`) from chroma samples 0 ..< 16 of `u` and `v` in `M`'s
    /// layout (reading 16 bytes of each plane, or 32 bytes of pairs), each
    /// term repeated for the two pixels that share its sample, in the pixel
    /// order of `lumaWords` with the same `reversed`: samples 0, 0, 1, 1,
    /// 4, 4, 5, 5 | 2, 2, 3, 3, 6, 6, 7, 7 for `first` (reversed: 7, 7, 6,
    /// 6, 3, 3, 2, 2 | 5, 5, 4, 4, 1, 1, 0, 0), and the same plus 8 for
    /// `second`.
    ///
    /// From planes, the terms are computed once for the 16 samples (in the
    /// order of `planeSamples`) and repeated by `vpunpcklwd` and
    /// `vpunpckhwd` of each term with itself. NV12 pairs take no such order
    /// from one in-lane shuffle (each lane would need samples from both
    /// 16-byte halves), so the pairs are repeated first and the terms
    /// computed for each half (`pairTerms16`).
    @inline(__always)
    static func chromaTerms32<M: SIMDRowMatrix>(
        _ m: M.Type, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>, reversed: Bool
    ) -> (first: Terms256, second: Terms256) {
        if M.Chroma.step == 2 {
            return (pairTerms16(m, u, reversed: reversed), pairTerms16(m, u + 16, reversed: reversed))
        }
        let samples = planeSamples(reversed: reversed)
        let terms = chromaTerms(
            m, _mm256_shuffle_epi8(framebench_broadcast128(u), samples),
            _mm256_shuffle_epi8(framebench_broadcast128(v), samples))
        return (
            Terms256(
                b: _mm256_unpacklo_epi16(terms.b, terms.b), g: _mm256_unpacklo_epi16(terms.g, terms.g),
                r: _mm256_unpacklo_epi16(terms.r, terms.r)),
            Terms256(
                b: _mm256_unpackhi_epi16(terms.b, terms.b), g: _mm256_unpackhi_epi16(terms.g, terms.g),
                r: _mm256_unpackhi_epi16(terms.r, terms.r))
        )
    }

    /// The `vpshufb` control that takes chroma samples 0 ..< 16 of a plane
    /// (the 16 bytes in each 128-bit lane) to zero-extended words, each
    /// once, samples 0, 1, 4, 5, 8, 9, 12, 13 | 2, 3, 6, 7, 10, 11, 14, 15:
    /// so that words 0-3 | 8-11 repeated are `firstSamples`' order, and
    /// words 4-7 | 12-15 the same for samples 8 ..< 16. When `reversed`,
    /// samples 7, 6, 3, 2, 15, 14, 11, 10 | 5, 4, 1, 0, 13, 12, 9, 8: the
    /// reversed orders of `chromaTerms32`, repeated the same way.
    @inline(__always)
    static func planeSamples(reversed: Bool) -> __m256i {
        let z: Int8 = -128  // a zero byte
        return reversed
            ? _mm256_setr_epi8(
                7, z, 6, z, 3, z, 2, z, 15, z, 14, z, 11, z, 10, z,
                5, z, 4, z, 1, z, 0, z, 13, z, 12, z, 9, z, 8, z)
            : _mm256_setr_epi8(
                0, z, 1, z, 4, z, 5, z, 8, z, 9, z, 12, z, 13, z,
                2, z, 3, z, 6, z, 7, z, 10, z, 11, z, 14, z, 15, z)
    }

    /// The `vpshufb` control that takes chroma samples 0 ..< 8 of a plane
    /// (bytes 0 ..< 8 of each 128-bit lane) to zero-extended words,
    /// samples 0, 0, 1, 1, 4, 4, 5, 5 | 2, 2, 3, 3, 6, 6, 7, 7.
    @inline(__always)
    static var firstSamples: __m256i {
        let z: Int8 = -128  // a zero byte
        return _mm256_setr_epi8(
            0, z, 0, z, 1, z, 1, z, 4, z, 4, z, 5, z, 5, z,
            2, z, 2, z, 3, z, 3, z, 6, z, 6, z, 7, z, 7, z)
    }

    /// The `vpshufb` control that takes 8 NV12 pairs (u, v) (the 16 bytes
    /// in each 128-bit lane) to words of those two bytes, pairs 0, 0, 1, 1,
    /// 4, 4, 5, 5 | 2, 2, 3, 3, 6, 6, 7, 7: the order of `firstSamples`;
    /// when `reversed`, pairs 7, 7, 6, 6, 3, 3, 2, 2 | 5, 5, 4, 4, 1, 1,
    /// 0, 0.
    @inline(__always)
    static func repeatedPairs(reversed: Bool) -> __m256i {
        reversed
            ? _mm256_setr_epi8(
                14, 15, 14, 15, 12, 13, 12, 13, 6, 7, 6, 7, 4, 5, 4, 5,
                10, 11, 10, 11, 8, 9, 8, 9, 2, 3, 2, 3, 0, 1, 0, 1)
            : _mm256_setr_epi8(
                0, 1, 0, 1, 2, 3, 2, 3, 8, 9, 8, 9, 10, 11, 10, 11,
                4, 5, 4, 5, 6, 7, 6, 7, 12, 13, 12, 13, 14, 15, 14, 15)
    }

    /// The chroma terms of samples `uw` and `vw` (one per 16-bit lane),
    /// with u, v the raw samples: Tb = YB + (u − 128) UB and Tg = YB −
    /// (u − 128) UG − (v − 128) VG, blue's and green's sums less the luma
    /// term; Tr = YB + (v − 128) VR + 0xC000, red's sum less the luma term
    /// plus 0xC000 (each within 16 bits for every matrix; the exhaustive
    /// conformance check covers every input).
    @inline(__always)
    static func chromaTerms<M: SIMDRowMatrix>(_ m: M.Type, _ uw: __m256i, _ vw: __m256i) -> Terms256 {
        let base = termBases(m)
        return Terms256(
            b: _mm256_add_epi16(base.b, _mm256_mullo_epi16(uw, splat(M.ub))),
            g: _mm256_sub_epi16(
                _mm256_sub_epi16(base.g, _mm256_mullo_epi16(uw, splat(M.ug))), _mm256_mullo_epi16(vw, splat(M.vg))),
            r: _mm256_add_epi16(base.r, _mm256_mullo_epi16(vw, splat(M.vr))))
    }

    /// The parts of the chroma terms that do not depend on the samples,
    /// from raw samples u, v (not u − 128): YB − 128 UB for blue, YB + 128
    /// (UG + VG) for green and YB − 128 VR + 0xC000 for red, so that blue's
    /// term is this plus u UB, green's this less u UG and v VG, red's this
    /// plus v VR.
    @inline(__always)
    static func termBases<M: SIMDRowMatrix>(_ m: M.Type) -> Terms256 {
        Terms256(
            b: splat(M.yb - 128 * M.ub), g: splat(M.yb + 128 * (M.ug + M.vg)), r: splat(M.yb - 128 * M.vr + 0xC000))
    }

    /// The chroma terms of pixels 0 ..< 16 from the 8 NV12 pairs at `pairs`
    /// (16 bytes), repeated by one `vpshufb` (`repeatedPairs`) into the
    /// order of `firstSamples`, or its reverse.
    @inline(__always)
    static func pairTerms16<M: SIMDRowMatrix>(
        _ m: M.Type, _ pairs: UnsafePointer<UInt8>, reversed: Bool
    ) -> Terms256 {
        pairTerms(m, _mm256_shuffle_epi8(framebench_broadcast128(pairs), repeatedPairs(reversed: reversed)))
    }

    /// The chroma terms of NV12 pairs `p` (u in the low byte of each 16-bit
    /// lane, v in the high byte), the same as `chromaTerms` gives for them,
    /// each product of a term one `vpmaddubsw` of the unsigned pairs by a
    /// signed byte pair: (−UB, 0) for blue, (UG, VG) for green, (0, VR) for
    /// red. Every matrix's coefficients fit a signed byte (UB is at most
    /// 128, the others at most 115) and no sum of two products leaves
    /// 16 bits, so the instruction never saturates.
    @inline(__always)
    static func pairTerms<M: SIMDRowMatrix>(_ m: M.Type, _ p: __m256i) -> Terms256 {
        let base = termBases(m)
        return Terms256(
            b: _mm256_sub_epi16(base.b, _mm256_maddubs_epi16(p, splat(-M.ub & 0xFF))),
            g: _mm256_sub_epi16(base.g, _mm256_maddubs_epi16(p, splat(M.vg << 8 | M.ug))),
            r: _mm256_add_epi16(base.r, _mm256_maddubs_epi16(p, splat(M.vr << 8))))
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
