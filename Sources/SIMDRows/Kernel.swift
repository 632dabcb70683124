import Frames
import Synchronization
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

// The SIMD I420 → BGRA kernel, written once with Swift SIMD types and
// instantiated per instruction-set level: every entry point here is generic
// over a `SIMDLevelTag`, so a module that calls it with its own tag type gets
// its own specialisation, compiled with that module's `-target-cpu`
// (SIMDRowsAVX2, SIMDRowsAVX512; the baseline instance is `convertBaseline`).
//
// Arithmetic (bit-exact with libyuv, see yuv-arithmetic.md), in unsigned
// 16-bit lanes with an offset so that nothing wraps:
//
//   A  = ((y * 0x0101 * YG) >> 16) + 32768           luma term, 32768 ... 51770
//   Tb = 32768 - YB - ui * UB                        chroma terms, each in 0 ... 65535
//   Tg = 32768 - YB + ui * UG + vi * VG              for every matrix (checked by
//   Tr = 32768 - YB - vi * VR                        `SIMDRowConstants.termRange`)
//
// so `A - Tb` is exactly libyuv's blue sum `y1 + ui * UB` (and likewise for
// green and red), and `max(A, T) - T` (one `psubusw`) is that sum clamped
// below at 0. Clamping above at 16383 (= 255 × 64 + 63) and shifting by 6
// then gives `clamp255(sum >> 6)`.
//
// Layout: 16 pixels a 256-bit vector of 16-bit lanes, in "pair order": the
// 32-bit lane j holds pixel j (low half) and pixel j + 8 (high half), with
// j = 0 ... 3 in the low 128 bits and 4 ... 7 in the high 128 bits. Blue and
// green share one 16-bit lane (B | G << 8), red and alpha another (R | FF << 8),
// and two word blends (`vpblendw`) turn the pairs into pixels 0 ... 7 and
// 8 ... 15, so no shuffle follows the arithmetic. Chroma terms are computed
// once per 32 chroma-sharing pixels at half resolution and spread to pair
// order with one in-lane byte shuffle each; at the AVX2 and AVX-512 levels
// the two luma rows of a chroma row share them.
//
// Row pairs go in 64-pixel blocks (`SIMDLevelTag.convertPairBlock64`): two
// of the 32-pixel blocks above, except at the AVX-512 level, which converts
// all 64 in 512-bit vectors (SIMDRowsAVX512/PairBlock512.swift) with the
// same arithmetic, so every level's bytes come from the same terms.
//
// Stores: each kernel is instantiated twice, with ordinary stores and with
// streaming (non-temporal) ones, which write a frame too big for the caches
// without first reading every destination line in (a third less memory
// traffic). Streaming needs 64-byte-aligned rows; a row's last, overlapping
// block and the whole block before it use ordinary stores, so no cache line
// mixes both kinds. The streaming store is the platform's own intrinsic
// (`_mm512_stream_si512`, `_mm256_stream_si256`, `_mm_stream_si128` from
// clang's intrinsics module): Swift has no non-temporal store of its own.
//
// The formulations of min, saturating subtraction and the high multiply
// below are the ones LLVM turns into single instructions (`vpminuw`,
// `vpsubusw`, `vpmulhuw`); the stdlib's generic helpers (`pointwiseMin`,
// `clamped`, converting initialisers) compile to calls or lane loops.
// Check the AVX2 and AVX-512 hot loops after any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX2.build/Kernel.swift.o
//   (likewise SIMDRowsAVX512)
//
// Incremental builds: SwiftPM does not recompile SIMDRowsAVX2 and
// SIMDRowsAVX512 when only an @inlinable body here changes; touch their
// sources (or clean) after editing this file.

/// libyuv's fixed-point constants of one colour matrix, as compile-time
/// values so that the kernel specialises per matrix (multiplications by 128
/// become shifts, every constant vector is a literal).
public protocol SIMDRowMatrix {
    /// Luma gain (× 64 × 65536 / 257).
    static var yg: Int { get }
    /// Luma bias, with the rounding half of the final `>> 6`.
    static var yb: Int { get }
    /// U contribution to blue.
    static var ub: Int { get }
    /// U contribution to green (subtracted).
    static var ug: Int { get }
    /// V contribution to green (subtracted).
    static var vg: Int { get }
    /// V contribution to red.
    static var vr: Int { get }
}

/// The six matrices of `ColorMatrix`, with the constants of the reference table.
public enum SIMDRowMatrices {
    /// BT.601 limited range (`kYuvI601Constants`).
    public enum BT601: SIMDRowMatrix {
        @inlinable public static var yg: Int { 18997 }
        @inlinable public static var yb: Int { -1160 }
        @inlinable public static var ub: Int { 128 }
        @inlinable public static var ug: Int { 25 }
        @inlinable public static var vg: Int { 52 }
        @inlinable public static var vr: Int { 102 }
    }
    /// BT.601 full range (`kYuvJPEGConstants`).
    public enum BT601Full: SIMDRowMatrix {
        @inlinable public static var yg: Int { 16320 }
        @inlinable public static var yb: Int { 32 }
        @inlinable public static var ub: Int { 113 }
        @inlinable public static var ug: Int { 22 }
        @inlinable public static var vg: Int { 46 }
        @inlinable public static var vr: Int { 90 }
    }
    /// BT.709 limited range (`kYuvH709Constants`).
    public enum BT709: SIMDRowMatrix {
        @inlinable public static var yg: Int { 18997 }
        @inlinable public static var yb: Int { -1160 }
        @inlinable public static var ub: Int { 128 }
        @inlinable public static var ug: Int { 14 }
        @inlinable public static var vg: Int { 34 }
        @inlinable public static var vr: Int { 115 }
    }
    /// BT.709 full range (`kYuvF709Constants`).
    public enum BT709Full: SIMDRowMatrix {
        @inlinable public static var yg: Int { 16320 }
        @inlinable public static var yb: Int { 32 }
        @inlinable public static var ub: Int { 119 }
        @inlinable public static var ug: Int { 12 }
        @inlinable public static var vg: Int { 30 }
        @inlinable public static var vr: Int { 101 }
    }
    /// BT.2020 limited range (`kYuv2020Constants`).
    public enum BT2020: SIMDRowMatrix {
        @inlinable public static var yg: Int { 19003 }
        @inlinable public static var yb: Int { -1160 }
        @inlinable public static var ub: Int { 128 }
        @inlinable public static var ug: Int { 12 }
        @inlinable public static var vg: Int { 42 }
        @inlinable public static var vr: Int { 107 }
    }
    /// BT.2020 full range (`kYuvV2020Constants`).
    public enum BT2020Full: SIMDRowMatrix {
        @inlinable public static var yg: Int { 16320 }
        @inlinable public static var yb: Int { 32 }
        @inlinable public static var ub: Int { 120 }
        @inlinable public static var ug: Int { 11 }
        @inlinable public static var vg: Int { 37 }
        @inlinable public static var vr: Int { 94 }
    }

    /// The constants of `matrix` as `(yg, yb, ub, ug, vg, vr)`, for tests.
    public static func constants(_ matrix: ColorMatrix) -> (yg: Int, yb: Int, ub: Int, ug: Int, vg: Int, vr: Int) {
        func of<M: SIMDRowMatrix>(_: M.Type) -> (Int, Int, Int, Int, Int, Int) { (M.yg, M.yb, M.ub, M.ug, M.vg, M.vr) }
        switch matrix {
        case .bt601: return of(BT601.self)
        case .bt601Full: return of(BT601Full.self)
        case .bt709: return of(BT709.self)
        case .bt709Full: return of(BT709Full.self)
        case .bt2020: return of(BT2020.self)
        case .bt2020Full: return of(BT2020Full.self)
        }
    }
}

/// A type naming one instruction-set level. Each module that instantiates
/// the kernel passes its own tag, so the specialisation (and its machine
/// code) belongs to that module.
public protocol SIMDLevelTag {
    /// Whether to convert the two luma rows of a chroma row together,
    /// sharing the chroma terms (fewer instructions a pixel, but 6 more
    /// live vectors: right with 16 YMM or 32 ZMM registers, spills with
    /// 16 XMM registers holding 256-bit values in halves).
    static var convertsRowPairs: Bool { get }

    /// Stores 32 bytes at a 32-byte-aligned `address` with a non-temporal
    /// (streaming) store, which writes around the caches instead of first
    /// reading the line in.
    static func storeStreaming(_ value: SIMD8<UInt32>, at address: UnsafeMutableRawPointer)

    /// Converts pixels 0 ..< 64 of two luma rows `y0`, `y1` that share the
    /// chroma samples 0 ..< 32 of `u` and `v`: reads exactly those bytes and
    /// writes exactly 256 bytes at `out0` and at `out1`, stored by `Stores`
    /// (64-byte aligned where `Stores` streams). `top` holds 16 lanes of
    /// `SIMDRowConstants.upperBound`. The default converts two 32-pixel
    /// blocks; a level with wider registers converts all 64 at once.
    static func convertPairBlock64<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>)

    /// Whether `convertPairBlock64` converts all 64 pixels at once, so that
    /// one 64-pixel block overlapping the one before it is the cheapest way
    /// to finish a row; otherwise (the default) it costs two 32-pixel
    /// blocks and a row ends in as few 32-pixel blocks as it needs.
    static var convertsWidePairBlocks: Bool { get }
}

extension SIMDLevelTag {
    /// No: two 32-pixel blocks.
    @inlinable public static var convertsWidePairBlocks: Bool { false }

    /// Two 32-pixel blocks (`rowPairBlock`).
    @inlinable @inline(__always)
    public static func convertPairBlock64<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>
    ) {
        rowPairBlock(m, stores, y0, y1, u, v, out0, out1, top)
        rowPairBlock(m, stores, y0 + 32, y1 + 32, u + 16, v + 16, out0 + 128, out1 + 128, top)
    }
}

/// The tag of the baseline instance (built with the package's default target).
public enum SIMDBaselineLevel: SIMDLevelTag {
    /// One row at a time: with 128-bit registers the row pair spills.
    @inlinable public static var convertsRowPairs: Bool { false }

    /// Two 16-byte `movntdq` on x86-64 (SSE2); an ordinary store elsewhere
    /// (Swift has no portable non-temporal store).
    @inlinable @inline(__always)
    public static func storeStreaming(_ value: SIMD8<UInt32>, at address: UnsafeMutableRawPointer) {
        #if arch(x86_64)
        let halves = address.assumingMemoryBound(to: __m128i.self)
        _mm_stream_si128(halves, unsafeBitCast(value.lowHalf, to: __m128i.self))
        _mm_stream_si128(halves + 1, unsafeBitCast(value.highHalf, to: __m128i.self))
        #else
        address.storeBytes(of: value, as: SIMD8<UInt32>.self)
        #endif
    }
}

/// Converts `source` into `destination` with the kernel compiled for the
/// target's baseline instruction set (SSE2 on x86-64, NEON on arm64);
/// `streaming` as for `convertFrame`.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
public func convertBaseline(_ source: I420View, to destination: BGRAView, matrix: ColorMatrix, streaming: Bool) {
    convertFrame(SIMDBaselineLevel.self, source, to: destination, matrix: matrix, streaming: streaming)
}

/// Converts `source` into `destination` with `matrix`; instantiated in the
/// calling module for `level`. With `streaming`, and when every destination
/// row starts 64-byte aligned, whole vector blocks are written with
/// non-temporal stores (the bytes are the same; only the cache traffic
/// differs), followed by a fence so they are visible to other threads once
/// this returns.
/// - Precondition: `source` and `destination` have the same size.
@inlinable
public func convertFrame<Level: SIMDLevelTag>(
    _ level: Level.Type, _ source: I420View, to destination: BGRAView, matrix: ColorMatrix, streaming: Bool
) {
    if streaming && streamingStoresFit(destination) {
        convertFrame(level, StreamingStores<Level>.self, source, to: destination, matrix: matrix)
        // A locked instruction drains the write-combining buffers that hold
        // non-temporal stores (Intel SDM vol. 3, 11.3.1), so a thread that
        // synchronises with this one afterwards sees every byte.
        atomicMemoryFence(ordering: .sequentiallyConsistent)
    } else {
        convertFrame(level, CachedStores.self, source, to: destination, matrix: matrix)
    }
}

/// Whether every row of `destination` starts on a 64-byte boundary: the
/// alignment of a streaming store (32 or 64 bytes), and no cache line
/// holding the end of one row and the start of the next.
@inlinable
public func streamingStoresFit(_ destination: BGRAView) -> Bool {
    Int(bitPattern: destination.row(0)) & 63 == 0 && destination.stride & 63 == 0
}

/// The matrix switch of `convertFrame`, for one store kind.
@inlinable
func convertFrame<Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ level: Level.Type, _ stores: Stores.Type, _ source: I420View, to destination: BGRAView, matrix: ColorMatrix
) {
    switch matrix {
    case .bt601: convertFrame(SIMDRowMatrices.BT601.self, level, stores, source, to: destination)
    case .bt601Full: convertFrame(SIMDRowMatrices.BT601Full.self, level, stores, source, to: destination)
    case .bt709: convertFrame(SIMDRowMatrices.BT709.self, level, stores, source, to: destination)
    case .bt709Full: convertFrame(SIMDRowMatrices.BT709Full.self, level, stores, source, to: destination)
    case .bt2020: convertFrame(SIMDRowMatrices.BT2020.self, level, stores, source, to: destination)
    case .bt2020Full: convertFrame(SIMDRowMatrices.BT2020Full.self, level, stores, source, to: destination)
    }
}

/// How the kernel writes whole vector blocks.
public protocol SIMDStoreKind {
    /// Whether the stores are streaming (non-temporal) ones, for a level
    /// that writes wider vectors than `store` takes.
    static var streams: Bool { get }

    /// Stores `value` at `address`, which is 32-byte aligned for streaming kinds.
    static func store(_ value: SIMD8<UInt32>, at address: UnsafeMutableRawPointer)
}

/// Ordinary stores, through the caches.
public enum CachedStores: SIMDStoreKind {
    /// No.
    @inlinable public static var streams: Bool { false }

    /// One ordinary (unaligned) 32-byte store.
    @inlinable @inline(__always)
    public static func store(_ value: SIMD8<UInt32>, at address: UnsafeMutableRawPointer) {
        address.storeBytes(of: value, as: SIMD8<UInt32>.self)
    }
}

/// Non-temporal stores of `Level`, around the caches.
public enum StreamingStores<Level: SIMDLevelTag>: SIMDStoreKind {
    /// Yes.
    @inlinable public static var streams: Bool { true }

    /// `Level.storeStreaming`.
    @inlinable @inline(__always)
    public static func store(_ value: SIMD8<UInt32>, at address: UnsafeMutableRawPointer) {
        Level.storeStreaming(value, at: address)
    }
}

/// Converts `source` into `destination` with the constants of `M`, one
/// chroma row (two luma rows) at a time, whole blocks stored by `Stores`.
@inlinable
public func convertFrame<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ matrix: M.Type, _ level: Level.Type, _ stores: Stores.Type, _ source: I420View, to destination: BGRAView
) {
    precondition(source.width == destination.width && source.height == destination.height,
                 "source and destination sizes differ")
    let width = source.width, height = source.height
    guard width > 0, height > 0 else { return }
    let bound = SIMDRowConstants.upperBound
    var row = 0
    while row < height {
        let u = source.u.row(row / 2), v = source.v.row(row / 2)
        if row + 1 < height && Level.convertsRowPairs {
            convertRowPair(matrix, level, stores, source.y.row(row), source.y.row(row + 1), u, v,
                           destination.row(row), destination.row(row + 1), width, bound)
        } else {
            convertSingleRow(matrix, stores, source.y.row(row), u, v, destination.row(row), width, bound)
            if row + 1 < height {
                convertSingleRow(matrix, stores, source.y.row(row + 1), u, v, destination.row(row + 1), width, bound)
            }
        }
        row += 2
    }
}

/// Constants shared by every instance.
public enum SIMDRowConstants {
    /// The offset added to the luma term (and folded into the chroma terms).
    @inlinable public static var lumaOffset: Int { 32768 }

    /// 16 lanes of 16383, the upper clamp of a channel sum before `>> 6`,
    /// in memory the optimiser cannot see into. (With the bound as a literal,
    /// LLVM rewrites `min(x, 16383) >> 6` into compare-and-blend sequences;
    /// loaded from memory it stays one `vpminuw`.)
    @usableFromInline nonisolated(unsafe) static let upperBound: UnsafeRawPointer = {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 32)
        bytes.initializeMemory(as: UInt16.self, repeating: 16383, count: 16)
        return UnsafeRawPointer(bytes)
    }()

    /// The smallest and largest true (unwrapped) values of the luma term `A`
    /// and of the three chroma terms over every input, for `matrix`: the
    /// kernel is exact only if all lie in 0 ... 65535.
    public static func termRange(_ matrix: ColorMatrix) -> ClosedRange<Int> {
        let k = SIMDRowMatrices.constants(matrix)
        var low = Int.max, high = Int.min
        for y in 0...255 {
            let a = ((y * 0x0101 * k.yg) >> 16) + lumaOffset
            low = min(low, a); high = max(high, a)
        }
        for c in -128...127 {
            let b = lumaOffset - k.yb - c * k.ub
            let r = lumaOffset - k.yb - c * k.vr
            low = min(low, b, r); high = max(high, b, r)
            for d in -128...127 {
                let g = lumaOffset - k.yb + c * k.ug + d * k.vg
                low = min(low, g); high = max(high, g)
            }
        }
        return low...high
    }
}

// MARK: - Rows

/// Two luma rows that share the chroma rows `u` and `v`.
@inlinable
func convertRowPair<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ m: M.Type, _ level: Level.Type, _ stores: Stores.Type,
    _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
    _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>,
    _ width: Int, _ bound: UnsafeRawPointer
) {
    // Whole 64-pixel blocks cover the even part of the row, and its end
    // (`rest` pixels) is one 64-pixel block or a few 32-pixel blocks
    // (`SIMDLevelTag.convertsWidePairBlocks`); a last block that does not
    // fit overlaps the one before it (rewriting identical bytes). Reads stay
    // inside each row: a block of n pixels at even x reads luma x ..< x + n
    // and chroma x / 2 ..< (x + n) / 2.
    let even = width & ~1
    guard even >= 32 else {
        for x in 0..<width {
            scalarPixel(m, y0[x], u[x / 2], v[x / 2], out0 + 4 * x)
            scalarPixel(m, y1[x], u[x / 2], v[x / 2], out1 + 4 * x)
        }
        return
    }
    let top = bound.load(as: Words16.self)
    let whole = even & ~63, rest = even &- whole
    let wideEnd = whole > 0 && (rest > 32 || (rest > 0 && Level.convertsWidePairBlocks))
    // Streaming stores, as for `streamedPixels`: blocks that overlap, the
    // end and the whole block before it, are stored normally.
    let overlaps = wideEnd || rest & 31 != 0
    let streamed = overlaps ? whole &- 64 : whole
    var x = 0
    while x < streamed {
        Level.convertPairBlock64(m, stores, y0 + x, y1 + x, u + x &>> 1, v + x &>> 1,
                                 out0 + x &<< 2, out1 + x &<< 2, top)
        x &+= 64
    }
    while x < whole {
        Level.convertPairBlock64(m, CachedStores.self, y0 + x, y1 + x, u + x &>> 1, v + x &>> 1,
                                 out0 + x &<< 2, out1 + x &<< 2, top)
        x &+= 64
    }
    if wideEnd {
        x = even &- 64
        Level.convertPairBlock64(m, CachedStores.self, y0 + x, y1 + x, u + x &>> 1, v + x &>> 1,
                                 out0 + x &<< 2, out1 + x &<< 2, top)
    } else if overlaps {
        while x < even {
            x = min(x, even &- 32)
            rowPairBlock(m, CachedStores.self, y0 + x, y1 + x, u + x &>> 1, v + x &>> 1,
                         out0 + x &<< 2, out1 + x &<< 2, top)
            x &+= 32
        }
    } else if rest == 32 {
        rowPairBlock(m, stores, y0 + x, y1 + x, u + x &>> 1, v + x &>> 1, out0 + x &<< 2, out1 + x &<< 2, top)
    }
    if even < width {
        scalarPixel(m, y0[even], u[even / 2], v[even / 2], out0 + 4 * even)
        scalarPixel(m, y1[even], u[even / 2], v[even / 2], out1 + 4 * even)
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
            rowBlock(m, stores, y0 + x, u + x &>> 1, v + x &>> 1, out0 + x &<< 2, top)
            x &+= 32
        }
        while x < even {
            x = min(x, even &- 32)
            rowBlock(m, CachedStores.self, y0 + x, u + x &>> 1, v + x &>> 1, out0 + x &<< 2, top)
            x &+= 32
        }
        if even < width {
            scalarPixel(m, y0[even], u[even / 2], v[even / 2], out0 + 4 * even)
        }
    } else {
        for x in 0..<width {
            scalarPixel(m, y0[x], u[x / 2], v[x / 2], out0 + 4 * x)
        }
    }
}

// MARK: - Blocks

@usableFromInline typealias Bytes16 = SIMD16<UInt8>
@usableFromInline typealias Bytes32 = SIMD32<UInt8>
@usableFromInline typealias Words16 = SIMD16<UInt16>
@usableFromInline typealias Dwords8 = SIMD8<UInt32>

/// The three chroma terms of 16 pixels, in pair order.
@usableFromInline
struct ChromaTerms {
    @usableFromInline var b, g, r: Words16

    @inlinable @inline(always)
    init(b: Words16, g: Words16, r: Words16) {
        self.b = b
        self.g = g
        self.r = r
    }
}

/// 32 pixels of two rows sharing chroma.
@inlinable @inline(always)
func rowPairBlock<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
    _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
    _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: Words16
) {
    let (t0, t1) = chromaTerms(m, u, v)
    pixels16(m, stores, load16(y0), t0, top, out0)
    pixels16(m, stores, load16(y1), t0, top, out1)
    pixels16(m, stores, load16(y0 + 16), t1, top, out0 + 64)
    pixels16(m, stores, load16(y1 + 16), t1, top, out1 + 64)
}

/// 32 pixels of one row.
@inlinable @inline(always)
func rowBlock<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
    _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ top: Words16
) {
    let (t0, t1) = chromaTerms(m, u, v)
    pixels16(m, stores, load16(y0), t0, top, out0)
    pixels16(m, stores, load16(y0 + 16), t1, top, out0 + 64)
}

@inlinable @inline(always)
func load16(_ p: UnsafePointer<UInt8>) -> Bytes16 {
    UnsafeRawPointer(p).loadUnaligned(as: Bytes16.self)
}

@inlinable @inline(always)
func splat(_ x: Int) -> Words16 {
    Words16(repeating: UInt16(truncatingIfNeeded: x))
}

/// The chroma terms of 16 chroma samples (32 pixels), for pixels 0 ... 15
/// and 16 ... 31.
@inlinable @inline(always)
func chromaTerms<M: SIMDRowMatrix>(
    _ m: M.Type, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>
) -> (ChromaTerms, ChromaTerms) {
    let uw = chromaWords(load16(u))
    let vw = chromaWords(load16(v))
    let offset = SIMDRowConstants.lumaOffset - M.yb
    // With u, v the raw samples: Tb = offset + 128 UB - u UB, and so on.
    let tb = splat(offset + 128 * M.ub) &- uw &* splat(M.ub)
    let tg = splat(offset - 128 * (M.ug + M.vg)) &+ uw &* splat(M.ug) &+ vw &* splat(M.vg)
    let tr = splat(offset + 128 * M.vr) &- vw &* splat(M.vr)
    return (ChromaTerms(b: spreadLow(tb), g: spreadLow(tg), r: spreadLow(tr)),
            ChromaTerms(b: spreadHigh(tb), g: spreadHigh(tg), r: spreadHigh(tr)))
}

/// 16 pixels from luma bytes `y` and their chroma terms; stores 64 bytes.
@inlinable @inline(always)
func pixels16<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
    _ m: M.Type, _ stores: Stores.Type, _ y: Bytes16, _ t: ChromaTerms, _ top: Words16, _ out: UnsafeMutablePointer<UInt8>
) {
    let a = mulHigh(lumaWords(y), UInt16(M.yg)) | splat(SIMDRowConstants.lumaOffset)
    let b = pointwiseMinimum(saturatingSubtract(a, t.b), top) &>> 6      // blue, low byte
    let g = pointwiseMinimum(saturatingSubtract(a, t.g), top) &<< 2      // green, high byte
    let r = pointwiseMinimum(saturatingSubtract(a, t.r), top) &>> 6      // red, low byte
    let bg = unsafeBitCast(b | (g & splat(0xFF00)), to: Dwords8.self)
    let ra = unsafeBitCast(r | splat(0xFF00), to: Dwords8.self)
    let low = Dwords8(repeating: 0xFFFF)
    let raw = UnsafeMutableRawPointer(out)
    Stores.store((bg & low) | (ra &<< 16), at: raw)                // pixels 0 ... 7
    Stores.store((bg &>> 16) | (ra & ~low), at: raw + 32)          // pixels 8 ... 15
}

// MARK: - Lane operations

/// `max(a, b) - b` lane by lane: `a - b` clamped below at 0 (`psubusw`).
@inlinable @inline(always)
func saturatingSubtract(_ a: Words16, _ b: Words16) -> Words16 {
    a.replacing(with: b, where: a .< b) &- b
}

/// `min(a, b)` lane by lane (`pminuw`).
@inlinable @inline(always)
func pointwiseMinimum(_ a: Words16, _ b: Words16) -> Words16 {
    a.replacing(with: b, where: b .< a)
}

@inlinable @inline(always)
func mulHigh(_ a: UInt16, _ b: UInt16) -> UInt16 {
    UInt16(truncatingIfNeeded: (UInt32(a) &* UInt32(b)) &>> 16)
}

/// The high 16 bits of each unsigned product `a × k` (`pmulhuw`).
@inlinable @inline(always)
func mulHigh(_ a: Words16, _ k: UInt16) -> Words16 {
    Words16(mulHigh(a[0], k), mulHigh(a[1], k), mulHigh(a[2], k), mulHigh(a[3], k),
            mulHigh(a[4], k), mulHigh(a[5], k), mulHigh(a[6], k), mulHigh(a[7], k),
            mulHigh(a[8], k), mulHigh(a[9], k), mulHigh(a[10], k), mulHigh(a[11], k),
            mulHigh(a[12], k), mulHigh(a[13], k), mulHigh(a[14], k), mulHigh(a[15], k))
}

/// Luma bytes 0 ... 15 as `y * 0x0101` in pair order: pixels 0, 8, 1, 9, 2,
/// 10, 3, 11 | 4, 12, 5, 13, 6, 14, 7, 15 (one `pshufb`).
@inlinable @inline(always)
func lumaWords(_ y: Bytes16) -> Words16 {
    unsafeBitCast(Bytes32(y[0], y[0], y[8], y[8], y[1], y[1], y[9], y[9],
                          y[2], y[2], y[10], y[10], y[3], y[3], y[11], y[11],
                          y[4], y[4], y[12], y[12], y[5], y[5], y[13], y[13],
                          y[6], y[6], y[14], y[14], y[7], y[7], y[15], y[15]), to: Words16.self)
}

/// Chroma bytes 0 ... 15 widened to words in the order 0, 1, 4, 5, 8, 9,
/// 12, 13 | 2, 3, 6, 7, 10, 11, 14, 15, from which `spreadLow` and
/// `spreadHigh` reach pair order without crossing 128-bit lanes.
@inlinable @inline(always)
func chromaWords(_ c: Bytes16) -> Words16 {
    let z: UInt8 = 0
    return unsafeBitCast(Bytes32(c[0], z, c[1], z, c[4], z, c[5], z, c[8], z, c[9], z, c[12], z, c[13], z,
                                 c[2], z, c[3], z, c[6], z, c[7], z, c[10], z, c[11], z, c[14], z, c[15], z),
                         to: Words16.self)
}

/// Chroma words (`chromaWords` order) to pair order for pixels 0 ... 15,
/// which use chroma 0, 4, 0, 4, 1, 5, 1, 5 | 2, 6, 2, 6, 3, 7, 3, 7.
@inlinable @inline(always)
func spreadLow(_ t: Words16) -> Words16 {
    Words16(t[0], t[2], t[0], t[2], t[1], t[3], t[1], t[3], t[8], t[10], t[8], t[10], t[9], t[11], t[9], t[11])
}

/// Chroma words (`chromaWords` order) to pair order for pixels 16 ... 31.
@inlinable @inline(always)
func spreadHigh(_ t: Words16) -> Words16 {
    Words16(t[4], t[6], t[4], t[6], t[5], t[7], t[5], t[7], t[12], t[14], t[12], t[14], t[13], t[15], t[13], t[15])
}

// MARK: - Scalar pixels

/// One pixel through the reference arithmetic (row ends narrower than a
/// vector block, and the last column of odd widths).
@inlinable @inline(always)
func scalarPixel<M: SIMDRowMatrix>(
    _ m: M.Type, _ y: UInt8, _ u: UInt8, _ v: UInt8, _ out: UnsafeMutablePointer<UInt8>
) {
    let y1 = Int32(bitPattern: (UInt32(y) &* 0x0101 &* UInt32(M.yg)) >> 16) &+ Int32(M.yb)
    let ui = Int32(u) &- 128, vi = Int32(v) &- 128
    out[0] = clamp255((y1 &+ ui &* Int32(M.ub)) >> 6)
    out[1] = clamp255((y1 &- (ui &* Int32(M.ug) &+ vi &* Int32(M.vg))) >> 6)
    out[2] = clamp255((y1 &+ vi &* Int32(M.vr)) >> 6)
    out[3] = 255
}

@inlinable @inline(always)
func clamp255(_ x: Int32) -> UInt8 {
    UInt8(truncatingIfNeeded: min(max(x, 0), 255))
}
