import Frames

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

    /// The memory floor's vector (`floorPass`): the widest vector of the
    /// level, whose loads the floor ORs together and whose ordinary stores
    /// fill a row. The default: 16 bytes, which every target has.
    associatedtype FloorVector: SIMD = SIMD2<UInt64> where FloorVector.Scalar == UInt64

    /// Stores the 64 bytes of `value` at a 64-byte-aligned `address` (one
    /// cache line) with non-temporal (streaming) stores. The default: two
    /// `storeStreaming`.
    static func storeStreamingLine(_ value: SIMD16<UInt32>, at address: UnsafeMutableRawPointer)

    /// How many ordinary `FloorVector` stores one step of the memory
    /// floor's fill loop makes (`fillRow`), at least 1. The default: 4.
    static var floorStoresPerStep: Int { get }

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

    /// Converts the whole 64-pixel blocks at `start`, `start + 64`, ...
    /// below `end` (both multiples of 64) of two luma rows `y0`, `y1` that
    /// share the chroma rows `u` and `v` (all four at pixel 0), each as
    /// `convertPairBlock64` converts it, into `out0` and `out1`. The
    /// default converts one block after the other; a level may overlap
    /// one block's loads and chroma terms with the block before it.
    static func convertPairBlocks<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        from start: Int, to end: Int)

    /// The pixels in which `convertPairEnd` converts the end of a row pair:
    /// an end whose length is not a multiple of it overlaps the pixels
    /// before it. 64 where `convertPairBlock64` converts all 64 pixels at
    /// once; 16 at AVX2; the default 32.
    static var pairEndStep: Int { get }

    /// The narrowest even row pair `convertPairEnd` converts in place
    /// (`start` 0, `end` this or more); narrower ones go through 32-pixel
    /// scratch rows, converted as a row pair of this width, so it is even
    /// and 2 ... 32. 16 at AVX2, 2 at the AVX-512 levels (one masked
    /// block); the default 32.
    static var narrowestPairEnd: Int { get }

    /// Converts pixels `start ..< end` of two luma rows `y0`, `y1` that
    /// share the chroma rows `u` and `v` (all four at pixel 0), into `out0`
    /// and `out1`, where `start` is a multiple of 64, `end` is even and at
    /// least `narrowestPairEnd`, and
    /// `0 < end - start < 64`: the end of a row pair after its
    /// whole 64-pixel blocks. When `end - start` is a multiple of
    /// `pairEndStep` it writes exactly pixels `start ..< end`, on 64-byte
    /// aligned lines where the rows are (so `Stores` may stream); otherwise
    /// it may convert pixels from `max(0, end - 64)` again, rewriting
    /// identical bytes, and is given ordinary stores. It reads luma only
    /// below `end` and chroma only below `end / 2`.
    /// The default: 32-pixel blocks, the last one ending at `end`.
    static func convertPairEnd<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        start: Int, end: Int)

    /// Writes the `count` bytes at `from` into `to` in reverse order
    /// (`to[i] = from[count - 1 - i]`), reading and writing exactly those
    /// bytes; the two ranges do not overlap. The default goes byte by byte.
    static func reverseBytes(from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, count: Int)

    /// Converts luma row `y0`, and `y1` when given, which share the chroma
    /// rows `u` and `v`, into `out0` (and `out1`) with their columns
    /// reversed, each plane on its own width (`width` pixels), as a mirror
    /// converts them; writes exactly those bytes, with `Stores` where whole
    /// aligned 64-byte lines allow it; may use `scratch` (`6 × mirrorPiece`
    /// bytes). The default: pieces reversed into the scratch, then converted
    /// upright (`convertReversedInPieces`).
    static func convertReversedRows<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type,
        _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>?, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>?, width: Int,
        bound: UnsafeRawPointer, scratch: UnsafeMutablePointer<UInt8>)

    /// Converts source columns `columns` of `source` (all its rows) into
    /// their rows of `destination`, oriented by `axes`, which swaps rows and
    /// columns (a quarter turn). Writes exactly those destination rows,
    /// with `Stores` where whole aligned 64-byte lines allow it. The
    /// default: tiles of the planes transposed into a scratch, then
    /// converted upright (`convertThroughTransposedPlanes`).
    static func convertQuarterTurn<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ source: SourceFrame, _ destination: BGRAView, _ axes: OrientedAxes,
        columns: Range<Int>)
}

extension SIMDLevelTag {
    /// Two 32-byte `storeStreaming`.
    @inlinable @inline(__always)
    public static func storeStreamingLine(_ value: SIMD16<UInt32>, at address: UnsafeMutableRawPointer) {
        storeStreaming(value.lowHalf, at: address)
        storeStreaming(value.highHalf, at: address + 32)
    }

    /// Four.
    @inlinable public static var floorStoresPerStep: Int { 4 }

    /// Pieces through the scratch (`convertReversedInPieces`).
    @inlinable @inline(__always)
    public static func convertReversedRows<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type,
        _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>?, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>?, width: Int,
        bound: UnsafeRawPointer, scratch: UnsafeMutablePointer<UInt8>
    ) {
        convertReversedInPieces(
            m, Self.self, stores, y0, y1, u, v, out0, out1, width: width, bound: bound, scratch: scratch)
    }

    /// Tiles of the planes transposed into a scratch, then converted
    /// upright (`convertThroughTransposedPlanes`).
    @inlinable @inline(__always)
    public static func convertQuarterTurn<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ source: SourceFrame, _ destination: BGRAView, _ axes: OrientedAxes,
        columns: Range<Int>
    ) {
        let width = source.width
        let rows = axes.reversesColumns ? (width &- columns.upperBound)..<(width &- columns.lowerBound) : columns
        convertThroughTransposedPlanes(m, Self.self, stores, source, destination, axes, rows: rows)
    }

    /// Byte by byte.
    @inlinable @inline(__always)
    public static func reverseBytes(from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count { to[i] = from[count &- 1 &- i] }
    }

    /// 32.
    @inlinable public static var pairEndStep: Int { 32 }

    /// 32.
    @inlinable public static var narrowestPairEnd: Int { 32 }

    /// 32-pixel blocks (`convertPairEndIn32`).
    @inlinable @inline(__always)
    public static func convertPairEnd<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        start: Int, end: Int
    ) {
        convertPairEndIn32(m, stores, y0, y1, u, v, out0, out1, top, start: start, end: end)
    }

    /// One `convertPairBlock64` after the other (`convertPairBlocksInTurn`).
    @inlinable @inline(__always)
    public static func convertPairBlocks<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
        from start: Int, to end: Int
    ) {
        convertPairBlocksInTurn(Self.self, m, stores, y0, y1, u, v, out0, out1, top, from: start, to: end)
    }

    /// Two 32-pixel blocks (`rowPairBlock`).
    @inlinable @inline(__always)
    public static func convertPairBlock64<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
        _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>
    ) {
        rowPairBlock(m, stores, y0, y1, u, v, out0, out1, top)
        rowPairBlock(
            m, stores, y0 + 32, y1 + 32, chromaSampleAddress(m, u, 16), chromaSampleAddress(m, v, 16), out0 + 128,
            out1 + 128, top)
    }
}

/// `Level.convertPairBlock64` on each whole block at `start`, `start + 64`,
/// ... below `end`, one after the other: the contract of
/// `SIMDLevelTag.convertPairBlocks`, and its default.
@inlinable @inline(__always)
public func convertPairBlocksInTurn<Level: SIMDLevelTag, M: SIMDRowMatrix, Stores: SIMDStoreKind>(
    _ level: Level.Type, _ m: M.Type, _ stores: Stores.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
    _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, _ top: SIMD16<UInt16>,
    from start: Int, to end: Int
) {
    var x = start
    while x < end {
        Level.convertPairBlock64(
            m, stores, y0 + x, y1 + x, chromaSampleAddress(m, u, x &>> 1), chromaSampleAddress(m, v, x &>> 1),
            out0 + x &<< 2, out1 + x &<< 2, top)
        x &+= 64
    }
}
