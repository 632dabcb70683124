#if arch(x86_64)
import _Builtin_intrinsics.intel
import SIMDRows

// The AVX-512 levels' 64-pixel row-pair block: the kernel's arithmetic
// (SIMDRows/ConvertFrame.swift: the same offset 16-bit terms, one
// `vpsubusw`, `vpminuw` and shift a channel) in 512-bit vectors of 32
// pixels, twice the width of the other levels' blocks.
//
// Luma comes in as `y × 0x0101` words from one in-lane byte shuffle of a
// broadcast load, so the 32 pixels of a vector sit in 128-bit lanes of
// 8 in the order 0-7, 16-23, 8-15, 24-31 (`lumaWords`). Chroma terms are
// computed once for the 32 samples the two rows share and spread to that
// order with one `vpermw` each, and one `vpermt2w` interleaves the B|G
// and R|A words of 16 pixels into their BGRA bytes in memory order. The
// VBMI level replaces this block (`pairBlock64`) with its own; its masked
// block and row ends are these.
//
// Written with clang's AVX-512 intrinsics rather than Swift's `SIMD32`: at
// 32 lanes the standard library's generic lane operations (comparisons,
// `replacing(with:where:)`, `lowHalf`, initialisers from lanes) compile to
// lane-by-lane loops in a release build (Swift 6.3), where each intrinsic
// here is one instruction. The code is emitted into the module of each
// tag that conforms (`SIMDLevelTagAVX512`), so check the hot loops of both
// after any change (and touch their files: SwiftPM does not rebuild them
// when only an inlinable body here changes):
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512.build/AVX512Level.swift.o
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512VBMI.build/AVX512VBMILevel.swift.o

extension SIMDLevelTagAVX512 {
    /// 64: a 64-pixel block is one pass of 512-bit vectors, so one that
    /// overlaps the block before it is the cheapest end of a row.
    @inlinable @inline(__always)
    public static var pairEndStep: Int { 64 }

    /// 2: a row pair narrower than 64 pixels is one masked block
    /// (`pairBlockMasked`).
    @inlinable @inline(__always)
    public static var narrowestPairEnd: Int { 2 }

    /// One 64-pixel block ending at `end`, or in a row narrower than 64 one
    /// block masked to pixels `0 ..< end` (`pairBlockMasked`, with ordinary
    /// stores); the contract of `SIMDLevelTag.convertPairEnd`.
    @inlinable @inline(__always)
    public static func convertPairEnd<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        start: Int, end: Int
    ) {
        guard end >= 64 else {
            pairBlockMasked(m, y0, y1, u, v, out0, out1, top, count: end)
            return
        }
        let x = end &- 64
        convertPairBlock64(
            m, stores, y0 + x, y1 + x, chromaSampleAddress(m, u, x &>> 1), chromaSampleAddress(m, v, x &>> 1),
            out0 + x &<< 2,
            out1 + x &<< 2, top)
    }

    /// Pixels 0 ..< `count` (0 < `count` < 64, even) of two rows sharing
    /// chroma samples 0 ..< `count / 2`, as `pairBlock64` converts them, with
    /// every load and store masked to those pixels' bytes (AVX-512 BW's
    /// masked moves, which touch no masked-out byte, so none can fault): it
    /// reads luma only below `count` and chroma only below `count / 2`, and
    /// writes exactly `4 × count` bytes of each row, with ordinary stores.
    @inlinable @inline(__always)
    static func pairBlockMasked<M: SIMDRowMatrix>(
        _ m: M.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        count: Int
    ) {
        let bound = _mm512_broadcast_i64x4(unsafeBitCast(top, to: __m256i.self))
        let samples = count &>> 1
        let terms =
            M.Chroma.step == 2
            ? chromaTerms(m, _mm512_maskz_loadu_epi8(lowBytes64(2 &* samples), UnsafeRawPointer(u)))
            : chromaTerms(
                m, _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(lowBytes32(samples), UnsafeRawPointer(u))),
                _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(lowBytes32(samples), UnsafeRawPointer(v))))
        let first = terms.spread(spreadFirst)
        let head = min(count, 32)
        storePixelsMasked(m, y0, first, bound, out0, count: head)
        storePixelsMasked(m, y1, first, bound, out1, count: head)
        guard count > 32 else { return }
        let second = terms.spread(spreadSecond)
        storePixelsMasked(m, y0 + 32, second, bound, out0 + 128, count: count &- 32)
        storePixelsMasked(m, y1 + 32, second, bound, out1 + 128, count: count &- 32)
    }

    /// Pixels 0 ..< `count` (1 ... 32) from the luma bytes at `y` and their
    /// chroma terms `t` (as `storePixels32`, in order), with the luma load
    /// and the stores masked: reads `count` bytes at `y`, writes exactly
    /// `4 × count` bytes at `out`.
    @inlinable @inline(__always)
    static func storePixelsMasked<M: SIMDRowMatrix>(
        _ m: M.Type, _ y: UnsafePointer<UInt8>, _ t: Terms512, _ bound: __m512i,
        _ out: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        let bytes = _mm512_broadcast_i64x4(_mm256_maskz_loadu_epi8(lowBytes32(count), UnsafeRawPointer(y)))
        let (bg, ra) = pixelWords(m, _mm512_shuffle_epi8(bytes, lumaControl), t, bound)
        storeMasked(_mm512_permutex2var_epi16(bg, interleaveFirst, ra), at: out, pixels: min(count, 16))
        guard count > 16 else { return }
        storeMasked(_mm512_permutex2var_epi16(bg, interleaveSecond, ra), at: out + 64, pixels: count &- 16)
    }

    /// Stores the first `pixels` (1 ... 16) BGRA pixels of `value` at
    /// `out`: an ordinary store for all 16, else one masked to their bytes
    /// (masked stores cost more on the Zen 5 kind).
    @inlinable @inline(__always)
    static func storeMasked(_ value: __m512i, at out: UnsafeMutablePointer<UInt8>, pixels: Int) {
        if pixels == 16 {
            UnsafeMutableRawPointer(out).storeBytes(of: value, as: __m512i.self)
        } else {
            _mm512_mask_storeu_epi8(UnsafeMutableRawPointer(out), lowBytes64(4 &* pixels), value)
        }
    }

    /// A byte mask of the first `count` (0 ... 64) of 64 bytes.
    @inlinable @inline(__always)
    static func lowBytes64(_ count: Int) -> __mmask64 {
        UInt64.max >> (64 &- count)
    }

    /// A byte mask of the first `count` (0 ... 32) of 32 bytes.
    @inlinable @inline(__always)
    static func lowBytes32(_ count: Int) -> __mmask32 {
        UInt32.max >> (32 &- count)
    }

    /// Converts pixels 0 ..< 64 of two rows in 512-bit vectors; the contract
    /// of `SIMDLevelTag.convertPairBlock64`.
    @inlinable @inline(__always)
    public static func convertPairBlock64<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>
    ) {
        pairBlock64(m, stores, y0, y1, u, v, out0, out1, top, reversed: false)
    }

    /// `convertPairBlock64` with the pixels written in reverse order, at no
    /// extra instruction: the `vpermt2w` that interleaves the B|G and R|A
    /// words takes them in reverse; the contract of
    /// `SIMDLevelTagMirroringBlocks.convertPairBlock64Reversed`.
    @inlinable @inline(__always)
    public static func convertPairBlock64Reversed<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>
    ) {
        pairBlock64(m, stores, y0, y1, u, v, out0, out1, top, reversed: true)
    }

    /// Pixels 0 ..< 64 of two rows, written in order or `reversed`, in the
    /// arithmetic this file describes; the default for the contract of
    /// `SIMDLevelTagAVX512.pairBlock64`.
    @inlinable @inline(__always)
    public static func pairBlock64<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        reversed: Bool
    ) {
        let bound = _mm512_broadcast_i64x4(unsafeBitCast(top, to: __m256i.self))
        let terms = M.Chroma.step == 2 ? chromaTerms(m, splitPairs32(u)) : chromaTerms(m, widen32(u), widen32(v))
        let first = terms.spread(spreadFirst)
        let second = terms.spread(spreadSecond)
        // Reversed, source pixels 0 ..< 32 are output pixels 32 ..< 64.
        let low = reversed ? 128 : 0
        storePixels32(m, stores, y0, first, bound, out0 + low, reversed: reversed)
        storePixels32(m, stores, y1, first, bound, out1 + low, reversed: reversed)
        storePixels32(m, stores, y0 + 32, second, bound, out0 + (128 &- low), reversed: reversed)
        storePixels32(m, stores, y1 + 32, second, bound, out1 + (128 &- low), reversed: reversed)
    }

    /// Converts the 32 pixels whose luma bytes are at `y` (no alignment
    /// needed) and whose chroma terms `t` are spread to the lane order of
    /// `lumaWords`, and stores their 128 BGRA bytes at `out` (64-byte
    /// aligned when `Stores` streams), pixel `31 - j` as pixel `j` when
    /// `reversed`: clamped in 16-bit lanes (`pixelWords`, `bound` 32 lanes
    /// of `SIMDRowConstants.upperBound`), each 16 pixels' B|G and R|A
    /// words interleaved by one `vpermt2w`.
    @inlinable @inline(__always)
    static func storePixels32<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y: UnsafePointer<UInt8>, _ t: Terms512, _ bound: __m512i,
        _ out: UnsafeMutablePointer<UInt8>, reversed: Bool
    ) {
        let (bg, ra) = pixelWords(m, lumaWords(y), t, bound)
        if reversed {
            store(stores, _mm512_permutex2var_epi16(bg, interleaveSecondReversed, ra), at: out)  // pixels 31 ... 16
            store(stores, _mm512_permutex2var_epi16(bg, interleaveFirstReversed, ra), at: out + 64)  // pixels 15 ... 0
        } else {
            store(stores, _mm512_permutex2var_epi16(bg, interleaveFirst, ra), at: out)  // pixels 0 ... 15
            store(stores, _mm512_permutex2var_epi16(bg, interleaveSecond, ra), at: out + 64)  // pixels 16 ... 31
        }
    }

    /// The chroma terms of samples `uw` and `vw` (one per 16-bit lane):
    /// with u, v the raw samples, Tb = offset + 128 UB - u UB, and so on
    /// (docs/kernel.md, "Arithmetic in 16-bit lanes").
    @inlinable @inline(__always)
    static func chromaTerms<M: SIMDRowMatrix>(_ m: M.Type, _ uw: __m512i, _ vw: __m512i) -> Terms512 {
        let offset = SIMDRowConstants.lumaOffset - M.yb
        return Terms512(
            b: _mm512_sub_epi16(splat(offset + 128 * M.ub), _mm512_mullo_epi16(uw, splat(M.ub))),
            g: _mm512_add_epi16(
                _mm512_add_epi16(splat(offset - 128 * (M.ug + M.vg)), _mm512_mullo_epi16(uw, splat(M.ug))),
                _mm512_mullo_epi16(vw, splat(M.vg))),
            r: _mm512_sub_epi16(splat(offset + 128 * M.vr), _mm512_mullo_epi16(vw, splat(M.vr))))
    }

    /// The B|G and R|A words of 32 pixels from their luma as `y × 0x0101`
    /// words (`doubledLuma`) and their chroma terms `t`, one per lane;
    /// `bound` holds 32 lanes of `SIMDRowConstants.upperBound`.
    @inlinable @inline(__always)
    static func pixelWords<M: SIMDRowMatrix>(
        _ m: M.Type, _ doubledLuma: __m512i, _ t: Terms512, _ bound: __m512i
    ) -> (bg: __m512i, ra: __m512i) {
        let a = lumaTerm(m, doubledLuma)
        let b = _mm512_srli_epi16(_mm512_min_epu16(_mm512_subs_epu16(a, t.b), bound), 6)  // blue, low byte
        let g = _mm512_slli_epi16(_mm512_min_epu16(_mm512_subs_epu16(a, t.g), bound), 2)  // green, high byte
        return (_mm512_or_si512(b, _mm512_and_si512(g, splat(0xFF00))), redAlphaWords(a, t.r))
    }

    /// The luma term `A` (docs/kernel.md) of 32 pixels from their luma as
    /// `y × 0x0101` words (`doubledLuma`).
    @inlinable @inline(__always)
    static func lumaTerm<M: SIMDRowMatrix>(_ m: M.Type, _ doubledLuma: __m512i) -> __m512i {
        _mm512_or_si512(_mm512_mulhi_epu16(doubledLuma, splat(M.yg)), splat(SIMDRowConstants.lumaOffset))
    }

    /// The R|A words of 32 pixels (red clamped in the low byte, 0xFF
    /// above) from their luma term `a` and red chroma terms `tr`.
    @inlinable @inline(__always)
    static func redAlphaWords(_ a: __m512i, _ tr: __m512i) -> __m512i {
        // Red clamps above by a saturating add instead: sums up to the
        // bound land in 0xC000 ... 0xFFFF, so the arithmetic shift by 6
        // leaves the clamped channel in the low byte and 0xFF (alpha) above.
        _mm512_srai_epi16(
            _mm512_adds_epu16(_mm512_subs_epu16(a, tr), splat(0xFFFF - SIMDRowConstants.upperBoundValue)), 6)
    }

    /// Stores 64 bytes at `address` (64-byte aligned when `Stores` streams).
    @inlinable @inline(__always)
    public static func store<Stores: SIMDStoreKind>(
        _ stores: Stores.Type, _ value: __m512i, at address: UnsafeMutablePointer<UInt8>
    ) {
        if Stores.streams {
            _mm512_stream_si512(UnsafeMutableRawPointer(address), value)
        } else {
            UnsafeMutableRawPointer(address).storeBytes(of: value, as: __m512i.self)
        }
    }

    /// The 32 luma bytes at `p` (no alignment needed) as `y × 0x0101`
    /// words, in lanes of pixels 0-7, 16-23, 8-15, 24-31: the 32 bytes
    /// broadcast to both halves, each byte doubled within its lane
    /// (`vpshufb`).
    @inlinable @inline(__always)
    static func lumaWords(_ p: UnsafePointer<UInt8>) -> __m512i {
        let bytes = _mm512_broadcast_i64x4(UnsafeRawPointer(p).loadUnaligned(as: __m256i.self))
        return _mm512_shuffle_epi8(bytes, lumaControl)
    }

    /// The `vpshufb` control of `lumaWords`: lanes 0 and 1 double their
    /// bytes 0-7, lanes 2 and 3 their bytes 8-15.
    @inlinable @inline(__always)
    static var lumaControl: __m512i {
        _mm512_set_epi64(
            0x0F0F_0E0E_0D0D_0C0C, 0x0B0B_0A0A_0909_0808, 0x0F0F_0E0E_0D0D_0C0C, 0x0B0B_0A0A_0909_0808,
            0x0707_0606_0505_0404, 0x0303_0202_0101_0000, 0x0707_0606_0505_0404, 0x0303_0202_0101_0000)
    }

    /// 32 bytes at `p` (no alignment needed) zero-extended to 32 words (`vpmovzxbw`).
    @inlinable @inline(__always)
    static func widen32(_ p: UnsafePointer<UInt8>) -> __m512i {
        _mm512_cvtepu8_epi16(UnsafeRawPointer(p).loadUnaligned(as: __m256i.self))
    }

    /// The chroma terms of the 32 interleaved pairs in `pairs` (U low, V
    /// high in each 16-bit lane).
    @inlinable @inline(__always)
    static func chromaTerms<M: SIMDRowMatrix>(_ m: M.Type, _ pairs: __m512i) -> Terms512 {
        chromaTerms(m, _mm512_and_si512(pairs, splat(0x00FF)), _mm512_srli_epi16(pairs, 8))
    }

    /// The 32 chroma pairs (64 bytes) at `p`, no alignment needed.
    @inlinable @inline(__always)
    static func splitPairs32(_ p: UnsafePointer<UInt8>) -> __m512i {
        UnsafeRawPointer(p).loadUnaligned(as: __m512i.self)
    }

    /// 32 lanes of the low 16 bits of `x`.
    @inlinable @inline(__always)
    static func splat(_ x: Int) -> __m512i {
        _mm512_set1_epi16(Int16(truncatingIfNeeded: x))
    }

    /// Word indices that repeat chroma samples 0 ... 15 for pixels 0 ... 31
    /// in the lane order of `lumaWords`.
    @inlinable @inline(__always)
    static var spreadFirst: __m512i {
        _mm512_set_epi16(
            15, 15, 14, 14, 13, 13, 12, 12, 7, 7, 6, 6, 5, 5, 4, 4,
            11, 11, 10, 10, 9, 9, 8, 8, 3, 3, 2, 2, 1, 1, 0, 0)
    }

    /// Word indices that repeat chroma samples 16 ... 31 for pixels 32 ... 63.
    @inlinable @inline(__always)
    static var spreadSecond: __m512i { _mm512_add_epi16(spreadFirst, splat(16)) }

    /// `vpermt2w` indices pairing the B|G word of each of pixels 0 ... 15
    /// (words 0-7, 16-23 in the order of `lumaWords`) with its R|A word.
    @inlinable @inline(__always)
    static var interleaveFirst: __m512i {
        _mm512_set_epi16(
            55, 23, 54, 22, 53, 21, 52, 20, 51, 19, 50, 18, 49, 17, 48, 16,
            39, 7, 38, 6, 37, 5, 36, 4, 35, 3, 34, 2, 33, 1, 32, 0)
    }

    /// The same for pixels 16 ... 31 (words 8-15, 24-31).
    @inlinable @inline(__always)
    static var interleaveSecond: __m512i { _mm512_add_epi16(interleaveFirst, splat(8)) }

    /// The same as `interleaveFirst` for pixels 15 ... 0.
    @inlinable @inline(__always)
    static var interleaveFirstReversed: __m512i {
        _mm512_set_epi16(
            32, 0, 33, 1, 34, 2, 35, 3, 36, 4, 37, 5, 38, 6, 39, 7,
            48, 16, 49, 17, 50, 18, 51, 19, 52, 20, 53, 21, 54, 22, 55, 23)
    }

    /// The same for pixels 31 ... 16.
    @inlinable @inline(__always)
    static var interleaveSecondReversed: __m512i { _mm512_add_epi16(interleaveFirstReversed, splat(8)) }
}

/// The three chroma terms of 32 lanes: one per chroma sample, or spread
/// to one per pixel.
public struct Terms512 {
    /// Blue's, green's and red's terms.
    public var b, g, r: __m512i

    /// The terms `b`, `g`, `r`.
    @inlinable @inline(__always)
    public init(b: __m512i, g: __m512i, r: __m512i) {
        self.b = b
        self.g = g
        self.r = r
    }

    /// The terms at the lanes `indices` names, one per pixel (`vpermw`).
    @inlinable @inline(__always)
    func spread(_ indices: __m512i) -> Terms512 {
        Terms512(
            b: _mm512_permutexvar_epi16(indices, b), g: _mm512_permutexvar_epi16(indices, g),
            r: _mm512_permutexvar_epi16(indices, r))
    }
}
#endif
