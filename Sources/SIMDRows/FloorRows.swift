import CPrefetch
import Frames
import Synchronization

// Memory-floor rows: the least work that moves the bytes a conversion moves.
// Reading folds every meaningful I420 byte into an OR accumulator (OR is
// idempotent, so an overlapping last vector changes nothing and the result
// is exactly the OR of the bytes); writing sets every BGRA pixel byte to
// 0xFF and never touches row padding. One pass (`floorPass`) is generic
// over a `SIMDLevelTag`: the level names its vector (`FloorVector`: 16, 32
// or 64 bytes), its 64-byte streaming store (`storeStreamingLine`) and how
// many ordinary stores a fill step makes (`floorStoresPerStep`). Each level
// module instantiates it with its own tag (`floorPassBaseline` here,
// `floorPassAVX2` and `floorPassAVX512` in SIMDRowsAVX2 and SIMDRowsAVX512),
// so each instance is compiled with that module's -target-cpu; the
// plane-by-plane pass (`floorPlanesPass`) and the row kernel's own block
// walk (`floorBlocksPass`) likewise, with `Planes` or `Blocks` in those
// names. The block walk reads 32 bytes a load at every level, as the
// kernel does, and streams 64-byte lines.
//
// Streaming rows store ordinarily up to the row's first 64-byte boundary,
// stream whole 64-byte lines, and store ordinarily after the last whole
// line, so no cache line mixes both kinds of store.
//
// Loads and ordinary stores are plain pointer loads and stores of SIMD
// types (the stdlib's generic SIMD helpers can compile to lane loops);
// streaming stores are clang's intrinsics. Check the hot loops of every
// level after any change (vector loads and ORs of the level's width, 32
// bytes in the block walk; streaming stores of 64 bytes a line; no calls):
//   objdump -d --no-show-raw-insn .build/release/SIMDRows.build/FloorRows.swift.o
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX2.build/FloorRowsAVX2.swift.o
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512.build/FloorRowsAVX512.swift.o
// SwiftPM does not rebuild SIMDRowsAVX2 and SIMDRowsAVX512 when only an
// `@inlinable` body here changes: touch their sources first. (The VBMI
// level measures the AVX-512 floor.)

/// The bitwise OR of the `count` bytes at `start`, for `count < 64`, in
/// the two lanes of a 16-byte vector (their OR is the bytes' OR), read with
/// as few loads as cover them (two overlapping loads of the largest power
/// of two ≤ `count`); reads no byte outside `start ..< start + count`.
@inlinable @inline(__always)
public func orOfShortRow(_ start: UnsafeRawPointer, count: Int) -> SIMD2<UInt64> {
    if count >= 32 {
        let v =
            start.loadUnaligned(as: SIMD4<UInt64>.self)
            | start.loadUnaligned(fromByteOffset: count - 32, as: SIMD4<UInt64>.self)
        return v.lowHalf | v.highHalf
    }
    if count >= 16 {
        return start.loadUnaligned(as: SIMD2<UInt64>.self)
            | start.loadUnaligned(fromByteOffset: count &- 16, as: SIMD2<UInt64>.self)
    }
    var word: UInt64 = 0
    if count >= 8 {
        word = start.loadUnaligned(as: UInt64.self) | start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    } else if count >= 4 {
        word = UInt64(
            start.loadUnaligned(as: UInt32.self) | start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
    } else if count >= 2 {
        word = UInt64(
            start.loadUnaligned(as: UInt16.self) | start.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self))
    } else if count == 1 {
        word = UInt64(start.load(as: UInt8.self))
    }
    return SIMD2(word, 0)
}

/// Sets the `count` bytes at `start` to 0xFF, for `count < 64`, with as few
/// ordinary stores as cover them (two overlapping stores of the largest
/// power of two ≤ `count`); writes no byte outside `start ..< start + count`.
@inlinable @inline(__always)
public func fillShortRow(_ start: UnsafeMutableRawPointer, count: Int) {
    if count >= 32 {
        let ones = SIMD4<UInt64>(repeating: ~0)
        start.storeBytes(of: ones, as: SIMD4<UInt64>.self)
        (start + count - 32).storeBytes(of: ones, as: SIMD4<UInt64>.self)
    } else if count >= 16 {
        let ones = SIMD2<UInt64>(repeating: ~0)
        start.storeBytes(of: ones, as: SIMD2<UInt64>.self)
        (start + count - 16).storeBytes(of: ones, as: SIMD2<UInt64>.self)
    } else if count >= 8 {
        start.storeBytes(of: ~0, as: UInt64.self)
        (start + count - 8).storeBytes(of: ~0, as: UInt64.self)
    } else if count >= 4 {
        start.storeBytes(of: ~0, as: UInt32.self)
        (start + count - 4).storeBytes(of: ~0, as: UInt32.self)
    } else if count >= 2 {
        start.storeBytes(of: ~0, as: UInt16.self)
        (start + count - 2).storeBytes(of: ~0, as: UInt16.self)
    } else if count == 1 {
        start.storeBytes(of: 0xFF, as: UInt8.self)
    }
}

/// The OR of the eight bytes of `word`: the one-byte result of a fold.
@inlinable @inline(__always)
public func orOfBytes(_ word: UInt64) -> UInt8 {
    var x = word
    x |= x >> 32
    x |= x >> 16
    x |= x >> 8
    return UInt8(truncatingIfNeeded: x)
}

/// The first address at or after `address` that is a multiple of 64.
@inlinable @inline(__always)
public func nextCacheLine(_ address: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    address + ((64 - Int(bitPattern: address) & 63) & 63)
}

/// Makes the streaming stores this thread has issued visible before any
/// later store: a sequentially consistent fence, which on x86-64 is a
/// locked instruction or `mfence`, either of which drains the
/// write-combining buffers (Intel SDM vol. 3, 11.3.1), as `convertFrame`
/// does. (`_mm_sfence` cannot be used from Swift: clang declares it as an
/// external function, not an inline one, so it does not link.) Call once
/// after the streaming rows of a frame, before another thread reads them.
@inline(never)
public func fenceStreamingStores() {
    atomicMemoryFence(ordering: .sequentiallyConsistent)
}

// MARK: - The rows of every level

/// Folds the `count` bytes at `start` into `accumulator` with loads of
/// `Level.FloorVector` (four a step), then one overlapping load for a
/// ragged end; `short` (16 bytes, so that no short row is reduced to a
/// scalar on the way) takes rows shorter than a vector. Reads no byte
/// outside `start ..< start + count`.
@inlinable @inline(__always)
func foldRow<Level: SIMDLevelTag>(
    _ level: Level.Type, _ start: UnsafeRawPointer, count: Int, into accumulator: inout Level.FloorVector,
    short: inout SIMD2<UInt64>
) {
    typealias Vector = Level.FloorVector
    let width = MemoryLayout<Vector>.size
    guard count >= width else {
        short |= orOfShortRow(start, count: count)
        return
    }
    var a0 = accumulator
    var a1 = Vector()
    var a2 = Vector()
    var a3 = Vector()
    var offset = 0
    while offset &+ 4 &* width <= count {
        a0 |= start.loadUnaligned(fromByteOffset: offset, as: Vector.self)
        a1 |= start.loadUnaligned(fromByteOffset: offset &+ width, as: Vector.self)
        a2 |= start.loadUnaligned(fromByteOffset: offset &+ 2 &* width, as: Vector.self)
        a3 |= start.loadUnaligned(fromByteOffset: offset &+ 3 &* width, as: Vector.self)
        offset &+= 4 &* width
    }
    while offset &+ width <= count {
        a0 |= start.loadUnaligned(fromByteOffset: offset, as: Vector.self)
        offset &+= width
    }
    if offset < count {
        a1 |= start.loadUnaligned(fromByteOffset: count &- width, as: Vector.self)
    }
    accumulator = (a0 | a1) | (a2 | a3)
}

/// Sets the `count` bytes at `start` to 0xFF: with `streaming`, streaming
/// stores for the whole 64-byte lines (`Level.storeStreamingLine`) and
/// ordinary ones before and after them; otherwise ordinary stores of
/// `Level.FloorVector` (`Level.floorStoresPerStep` a step), then one
/// overlapping store for a ragged end. Writes no byte outside
/// `start ..< start + count`.
@inlinable @inline(__always)
func fillRow<Level: SIMDLevelTag>(
    _ level: Level.Type, _ start: UnsafeMutableRawPointer, count: Int, streaming: Bool
) {
    typealias Vector = Level.FloorVector
    if streaming {
        let first = nextCacheLine(start)
        let lines = (start + count - first) >> 6
        if lines > 0 {
            fillShortRow(start, count: first - start)
            let line = SIMD16<UInt32>(repeating: ~0)
            var address = first
            for _ in 0..<lines {
                Level.storeStreamingLine(line, at: address)
                address += 64
            }
            let tail = first + 64 * lines
            fillShortRow(tail, count: start + count - tail)
            return
        }
    }
    let width = MemoryLayout<Vector>.size
    guard count >= width else {
        fillShortRow(start, count: count)
        return
    }
    let ones = Vector(repeating: ~0)
    let perStep = Level.floorStoresPerStep
    var offset = 0
    while offset &+ perStep &* width <= count {
        for store in 0..<perStep {
            start.storeBytes(of: ones, toByteOffset: offset &+ store &* width, as: Vector.self)
        }
        offset &+= perStep &* width
    }
    if perStep > 1 {
        while offset &+ width <= count {
            start.storeBytes(of: ones, toByteOffset: offset, as: Vector.self)
            offset &+= width
        }
    }
    if offset < count {
        start.storeBytes(of: ones, toByteOffset: count &- width, as: Vector.self)
    }
}

/// Pixels of a row (pair) a floor pass's pieces move by default (the last
/// piece of a row takes the rest, up to twice as many): each piece's source
/// bytes are read, then its destination bytes written, so reading and
/// writing overlap as in the row kernel. Other piece sizes are other floor
/// methods (docs/kernel.md, "Floors").
@inlinable public var floorPiece: Int { 256 }

/// Walks a floor pass over `source` and `destination`: for each pair of
/// luma rows (the last one alone at an odd height), piece by piece
/// (`piece` pixels, the whole row when it is at least the width), calls
/// `read` on the piece's luma of both rows and its U
/// and V samples (meaningful bytes only: two ranges in I420, one range of
/// pairs in NV12), then `write` on the piece's pixel
/// bytes of both destination rows, as the row kernel moves a row pair.
/// With `singleRows`, it walks the pair's first row (luma, its chroma,
/// then its pixels, piece by piece) before its second (luma, then pixels),
/// as libyuv's row functions go. Each call names a start and a byte count;
/// `read` also gets `state`, which it folds the bytes into (passed along
/// rather than captured, which would keep it in memory).
@inlinable @inline(__always)
func forEachFloorPiece<State>(
    _ source: SourceFrame, _ destination: BGRAView, piece: Int = floorPiece, singleRows: Bool = false,
    state: inout State, read: (inout State, UnsafeRawPointer, Int) -> Void,
    write: (UnsafeMutableRawPointer, Int) -> Void
) {
    let pieces = RowPieces(width: source.width, size: min(piece, max(source.width, 1)))
    let (uPlane, vPlane) = (source.u, source.v)
    let interleaved = uPlane.step == 2
    for row in stride(from: 0, to: source.height, by: 2) {
        let paired = row &+ 1 < source.height
        let y0 = UnsafeRawPointer(source.y.row(row))
        let y1 = UnsafeRawPointer(source.y.row(paired ? row &+ 1 : row))
        let u = UnsafeRawPointer(uPlane.row(row >> 1))
        let v = UnsafeRawPointer(vPlane.row(row >> 1))
        let out0 = UnsafeMutableRawPointer(destination.row(row))
        let out1 = UnsafeMutableRawPointer(destination.row(paired ? row &+ 1 : row))
        /// Reads the chroma samples `chromaX ..< chromaX + chromaCount` of
        /// the pair's chroma row into `folded` (passed, not captured).
        func readChroma(_ folded: inout State, _ chromaX: Int, _ chromaCount: Int) {
            if interleaved {
                read(&folded, u + 2 &* chromaX, 2 &* chromaCount)
            } else {
                read(&folded, u + chromaX, chromaCount)
                read(&folded, v + chromaX, chromaCount)
            }
        }
        if singleRows {
            for index in 0..<pieces.count {
                let (x, count, chromaX, chromaCount) = pieces[index]
                read(&state, y0 + x, count)
                readChroma(&state, chromaX, chromaCount)
                write(out0 + 4 &* x, 4 &* count)
            }
            guard paired else { continue }
            for index in 0..<pieces.count {
                let (x, count, _, _) = pieces[index]
                read(&state, y1 + x, count)
                write(out1 + 4 &* x, 4 &* count)
            }
            continue
        }
        for index in 0..<pieces.count {
            let (x, count, chromaX, chromaCount) = pieces[index]
            read(&state, y0 + x, count)
            if paired { read(&state, y1 + x, count) }
            readChroma(&state, chromaX, chromaCount)
            write(out0 + 4 &* x, 4 &* count)
            if paired { write(out1 + 4 &* x, 4 &* count) }
        }
    }
}

/// One memory-floor pass with `Level`'s vectors: for each pair of luma
/// rows, a piece of `piece` pixels at a time (`forEachFloorPiece`; the
/// whole row pair at once when `piece` is at least the width), reads the piece's luma
/// of both rows and its U and V samples (meaningful bytes only), then sets
/// the piece's pixel bytes of both destination rows to 0xFF (padding
/// untouched), as the row kernel moves a row pair; with `streaming`,
/// streams the whole 64-byte lines of each row and fences once at the end.
/// Returns the OR of every byte read. The machine code belongs to the
/// module that instantiates it: call it with that module's own tag.
/// - Precondition: `source` and `destination` have the same size.
@inlinable @inline(__always)
public func floorPass<Level: SIMDLevelTag>(
    _ level: Level.Type, _ source: SourceFrame, to destination: BGRAView, streaming: Bool, piece: Int, singleRows: Bool
) -> UInt8 {
    precondition(source.size == destination.size, "floor source and destination sizes differ")
    var folded = FloorAccumulators<Level>()
    forEachFloorPiece(
        source, destination, piece: piece, singleRows: singleRows, state: &folded,
        read: { $0.fold(level, $1, count: $2) },
        write: { fillRow(level, $0, count: $1, streaming: streaming) })
    if streaming { fenceStreamingStores() }
    return folded.bits
}

/// One memory-floor pass in 64-pixel blocks, in the row kernel's own walk
/// and order (`convertPairBlock64`), with no bookkeeping a block: for each
/// pair of luma rows, each whole block reads 32 luma bytes of the first row
/// and of the second, the block's chroma (32 bytes of U and of V, or 64 of
/// interleaved pairs) and the next 32 luma bytes of each row, then writes
/// two 64-byte lines of the first destination row, two of the second, two
/// of the first and two of the second; the rest of each row pair (fewer
/// than 64 pixels), and a last row alone at an odd height, go as
/// `floorPass` moves a piece. With `prefetch`, each block first asks for
/// the same block's source bytes of the next row pair
/// (`framebench_prefetch` on each line they touch). With `streaming`, the
/// lines are streamed (`Level.storeStreamingLine`) where the destination's
/// rows start 64-byte aligned; otherwise each run of two lines is filled
/// as `fillRow` streams a row (ordinary stores before and after its whole
/// lines). Fences once at the end when streaming. Returns the OR of every
/// byte read. The machine code belongs to the module that instantiates it:
/// call it with that module's own tag.
/// - Precondition: `source` and `destination` have the same size.
@inlinable @inline(__always)
public func floorBlocksPass<Level: SIMDLevelTag>(
    _ level: Level.Type, _ source: SourceFrame, to destination: BGRAView, streaming: Bool, prefetch: Bool
) -> UInt8 {
    precondition(source.size == destination.size, "floor source and destination sizes differ")
    let bits: UInt8 =
        switch (streaming, source.u.step == 2) {
        case (false, false):
            floorBlocksWalk(level, CachedStores.self, PlanarChroma.self, source, destination, prefetch: prefetch)
        case (false, true):
            floorBlocksWalk(level, CachedStores.self, InterleavedChroma.self, source, destination, prefetch: prefetch)
        case (true, false):
            floorBlocksWalk(
                level, StreamingStores<Level>.self, PlanarChroma.self, source, destination, prefetch: prefetch)
        case (true, true):
            floorBlocksWalk(
                level, StreamingStores<Level>.self, InterleavedChroma.self, source, destination, prefetch: prefetch)
        }
    if streaming { fenceStreamingStores() }
    return bits
}

/// `floorBlocksPass` for one store kind (`Stores.streams`) and one chroma
/// layout, so that no block tests either; returns the OR of every byte read.
@inlinable @inline(__always)
func floorBlocksWalk<Level: SIMDLevelTag, Stores: SIMDStoreKind, Chroma: SIMDChromaLayout>(
    _ level: Level.Type, _ stores: Stores.Type, _ chroma: Chroma.Type, _ source: SourceFrame,
    _ destination: BGRAView, prefetch: Bool
) -> UInt8 {
    let width = source.width
    let whole = width & ~63
    let chromaWidth = (width &+ 1) >> 1
    let (uPlane, vPlane) = (source.u, source.v)
    let interleaved = Chroma.step == 2
    let alignedLines = !Stores.streams || streamingStoresFit(destination)
    let ones = SIMD16<UInt32>(repeating: ~0)
    var folded = FloorAccumulators<Level>()
    var (a0, a1, a2, a3) = (SIMD4<UInt64>(), SIMD4<UInt64>(), SIMD4<UInt64>(), SIMD4<UInt64>())
    /// Reads the chroma samples `chromaX ..< chromaX + count` of a chroma row.
    @inline(__always) func foldChroma(_ u: UnsafeRawPointer, _ v: UnsafeRawPointer, _ chromaX: Int, _ count: Int) {
        if interleaved {
            folded.fold(level, u + 2 &* chromaX, count: 2 &* count)
        } else {
            folded.fold(level, u + chromaX, count: count)
            folded.fold(level, v + chromaX, count: count)
        }
    }
    /// Writes the two 64-byte lines at `address`.
    @inline(__always) func writeLines(_ address: UnsafeMutableRawPointer) {
        if !Stores.streams {
            address.storeBytes(of: ones, as: SIMD16<UInt32>.self)
            address.storeBytes(of: ones, toByteOffset: 64, as: SIMD16<UInt32>.self)
        } else if alignedLines {
            Level.storeStreamingLine(ones, at: address)
            Level.storeStreamingLine(ones, at: address + 64)
        } else {
            fillRow(level, address, count: 128, streaming: true)
        }
    }
    for row in stride(from: 0, to: source.height, by: 2) {
        let y0 = UnsafeRawPointer(source.y.row(row))
        let u = UnsafeRawPointer(uPlane.row(row >> 1))
        let v = UnsafeRawPointer(vPlane.row(row >> 1))
        let out0 = UnsafeMutableRawPointer(destination.row(row))
        guard row &+ 1 < source.height else {
            folded.fold(level, y0, count: width)
            foldChroma(u, v, 0, chromaWidth)
            fillRow(level, out0, count: 4 &* width, streaming: Stores.streams)
            continue
        }
        let y1 = UnsafeRawPointer(source.y.row(row &+ 1))
        let out1 = UnsafeMutableRawPointer(destination.row(row &+ 1))
        // The next row pair's rows; the last pair asks for its own, which
        // it reads anyway, so that no block tests for a next pair.
        let next = row &+ 2 < source.height
        let nextY0 = next ? UnsafeRawPointer(source.y.row(row &+ 2)) : y0
        let nextY1 = next ? (row &+ 3 < source.height ? UnsafeRawPointer(source.y.row(row &+ 3)) : nextY0) : y1
        let nextU = next ? UnsafeRawPointer(uPlane.row((row >> 1) &+ 1)) : u
        let nextV = next ? UnsafeRawPointer(vPlane.row((row >> 1) &+ 1)) : v
        var x = 0
        while x < whole {
            if prefetch {
                framebench_prefetch(nextY0 + x)
                framebench_prefetch(nextY0 + (x &+ 63))
                framebench_prefetch(nextY1 + x)
                framebench_prefetch(nextY1 + (x &+ 63))
                if interleaved {
                    framebench_prefetch(nextU + x)
                    framebench_prefetch(nextU + (x &+ 63))
                } else {
                    framebench_prefetch(nextU + (x >> 1))
                    framebench_prefetch(nextU + ((x >> 1) &+ 31))
                    framebench_prefetch(nextV + (x >> 1))
                    framebench_prefetch(nextV + ((x >> 1) &+ 31))
                }
            }
            a0 |= y0.loadUnaligned(fromByteOffset: x, as: SIMD4<UInt64>.self)
            a1 |= y1.loadUnaligned(fromByteOffset: x, as: SIMD4<UInt64>.self)
            if interleaved {
                a2 |= u.loadUnaligned(fromByteOffset: x, as: SIMD4<UInt64>.self)
                a3 |= u.loadUnaligned(fromByteOffset: x &+ 32, as: SIMD4<UInt64>.self)
            } else {
                a2 |= u.loadUnaligned(fromByteOffset: x >> 1, as: SIMD4<UInt64>.self)
                a3 |= v.loadUnaligned(fromByteOffset: x >> 1, as: SIMD4<UInt64>.self)
            }
            a0 |= y0.loadUnaligned(fromByteOffset: x &+ 32, as: SIMD4<UInt64>.self)
            a1 |= y1.loadUnaligned(fromByteOffset: x &+ 32, as: SIMD4<UInt64>.self)
            writeLines(out0 + 4 &* x)
            writeLines(out1 + 4 &* x)
            writeLines(out0 + (4 &* x &+ 128))
            writeLines(out1 + (4 &* x &+ 128))
            x &+= 64
        }
        guard whole < width else { continue }
        let rest = width &- whole
        folded.fold(level, y0 + whole, count: rest)
        folded.fold(level, y1 + whole, count: rest)
        foldChroma(u, v, whole >> 1, chromaWidth &- (whole >> 1))
        fillRow(level, out0 + 4 &* whole, count: 4 &* rest, streaming: Stores.streams)
        fillRow(level, out1 + 4 &* whole, count: 4 &* rest, streaming: Stores.streams)
    }
    let loaded = (a0 | a1) | (a2 | a3)
    folded.short |= SIMD2(loaded[0] | loaded[2], loaded[1] | loaded[3])
    return folded.bits
}

/// One memory-floor pass with `Level`'s vectors that moves the same bytes
/// as `floorPass` a plane at a time: every meaningful byte of each source
/// plane, row by row, then every pixel byte of the destination, as one
/// range when its rows have no padding between them (row by row
/// otherwise); with `streaming`, streams the whole 64-byte lines and
/// fences once at the end. No row pair's bookkeeping: at narrow widths,
/// where that bookkeeping outweighs the bytes, this is the faster walk.
/// Returns the OR of every byte read.
/// - Precondition: `source` and `destination` have the same size.
@inlinable @inline(__always)
public func floorPlanesPass<Level: SIMDLevelTag>(
    _ level: Level.Type, _ source: SourceFrame, to destination: BGRAView, streaming: Bool
) -> UInt8 {
    precondition(source.size == destination.size, "floor source and destination sizes differ")
    var folded = FloorAccumulators<Level>()
    switch source {
    case .i420(let frame):
        folded.fold(level, frame.y)
        folded.fold(level, frame.u)
        folded.fold(level, frame.v)
    case .nv12(let frame):
        folded.fold(level, frame.y)
        folded.fold(level, frame.uv)
    }
    let rowBytes = 4 &* destination.width
    if destination.stride == rowBytes {
        fillRow(level, destination.row(0), count: rowBytes &* destination.height, streaming: streaming)
    } else {
        for row in 0..<destination.height {
            fillRow(level, destination.row(row), count: rowBytes, streaming: streaming)
        }
    }
    if streaming { fenceStreamingStores() }
    return folded.bits
}

/// What a floor pass folds the bytes it reads into: a vector of `Level`'s
/// width for whole vectors, and a 16-byte one for rows shorter than that.
/// Kept in a local value and passed along `inout` (never captured by a
/// closure, which kept them in memory: a load, OR and store every row).
@usableFromInline
struct FloorAccumulators<Level: SIMDLevelTag> {
    /// The OR of the whole vectors read.
    @usableFromInline var vector = Level.FloorVector()
    /// The OR of the rows shorter than a vector.
    @usableFromInline var short = SIMD2<UInt64>()

    /// Nothing read yet.
    @inlinable @inline(__always)
    init() {}

    /// Folds the `count` bytes at `start` in (`foldRow`).
    @inlinable @inline(__always)
    mutating func fold(_ level: Level.Type, _ start: UnsafeRawPointer, count: Int) {
        foldRow(level, start, count: count, into: &vector, short: &short)
    }

    /// Folds the meaningful bytes of every row of `plane` in, from local
    /// copies of the accumulators.
    @inlinable @inline(__always)
    mutating func fold(_ level: Level.Type, _ plane: PlaneView) {
        var folded = self
        var row = UnsafeRawPointer(plane.base)
        for _ in 0..<plane.height {
            folded.fold(level, row, count: plane.width)
            row += plane.stride
        }
        self = folded
    }

    /// The OR of every byte folded in, as one byte.
    @inlinable var bits: UInt8 {
        var lanes = short[0] | short[1]
        for lane in vector.indices { lanes |= vector[lane] }
        return orOfBytes(lanes)
    }
}

/// One memory-floor pass (`floorPass`) with 16-byte vectors, compiled for
/// the target's baseline instruction set (SSE2 on x86-64).
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
func floorPassBaseline(
    _ source: SourceFrame, to destination: BGRAView, streaming: Bool, piece: Int, singleRows: Bool
) -> UInt8 {
    floorPass(
        SIMDBaselineLevel.self, source, to: destination, streaming: streaming, piece: piece, singleRows: singleRows)
}

/// One memory-floor pass in the row kernel's 64-pixel blocks
/// (`floorBlocksPass`, with its `prefetch`), compiled for the target's
/// baseline instruction set.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
func floorBlocksPassBaseline(
    _ source: SourceFrame, to destination: BGRAView, streaming: Bool, prefetch: Bool
) -> UInt8 {
    floorBlocksPass(SIMDBaselineLevel.self, source, to: destination, streaming: streaming, prefetch: prefetch)
}

/// One memory-floor pass plane by plane (`floorPlanesPass`) with 16-byte
/// vectors, compiled for the target's baseline instruction set.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
func floorPlanesPassBaseline(_ source: SourceFrame, to destination: BGRAView, streaming: Bool) -> UInt8 {
    floorPlanesPass(SIMDBaselineLevel.self, source, to: destination, streaming: streaming)
}
