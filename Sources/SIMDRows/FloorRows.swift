import Frames
import Synchronization

#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

// Memory-floor rows: the least work that moves the bytes a conversion moves.
// Reading folds every meaningful I420 byte into an OR accumulator (OR is
// idempotent, so an overlapping last vector changes nothing and the result
// is exactly the OR of the bytes); writing sets every BGRA pixel byte to
// 0xFF and never touches row padding. This file holds the baseline level
// (16-byte vectors: SSE2 on x86-64) and the helpers every level shares;
// SIMDRowsAVX2/FloorRowsAVX2.swift and SIMDRowsAVX512/FloorRowsAVX512.swift
// hold the 32- and 64-byte levels, compiled with their modules' -target-cpu.
//
// Streaming rows store ordinarily up to the row's first 64-byte boundary,
// stream whole 64-byte lines, and store ordinarily after the last whole
// line, so no cache line mixes both kinds of store.
//
// Loads and ordinary stores are plain pointer loads and stores of SIMD
// types (the stdlib's generic SIMD helpers can compile to lane loops);
// streaming stores are clang's intrinsics. Check the hot
// loops after any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRows.build/FloorRows.swift.o

/// The bitwise OR of the `count` bytes at `start`, for `count < 64`, read
/// with as few loads as cover them (two overlapping loads of the largest
/// power of two ≤ `count`); reads no byte outside `start ..< start + count`.
@inlinable @inline(__always)
public func orOfShortRow(_ start: UnsafeRawPointer, count: Int) -> UInt64 {
    if count >= 32 {
        let v =
            start.loadUnaligned(as: SIMD4<UInt64>.self)
            | start.loadUnaligned(fromByteOffset: count - 32, as: SIMD4<UInt64>.self)
        return orOfLanes(v)
    }
    if count >= 16 {
        let v =
            start.loadUnaligned(as: SIMD2<UInt64>.self)
            | start.loadUnaligned(fromByteOffset: count &- 16, as: SIMD2<UInt64>.self)
        return v[0] | v[1]
    }
    if count >= 8 {
        return start.loadUnaligned(as: UInt64.self) | start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
        return UInt64(
            start.loadUnaligned(as: UInt32.self) | start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
    }
    if count >= 2 {
        return UInt64(
            start.loadUnaligned(as: UInt16.self) | start.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self))
    }
    return count == 1 ? UInt64(start.load(as: UInt8.self)) : 0
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

/// The OR of the four lanes of `v`, without a lane loop.
@inlinable @inline(__always)
public func orOfLanes(_ v: SIMD4<UInt64>) -> UInt64 {
    let half = v.lowHalf | v.highHalf
    return half[0] | half[1]
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

// MARK: - Baseline level (16-byte vectors)

/// One 16-byte vector.
typealias FloorVector128 = SIMD2<UInt64>

/// Folds the `count` bytes at `start` into `accumulator` with 16-byte
/// loads (four a step), then one overlapping load for a ragged end; `short`
/// takes rows shorter than a vector.
@inline(__always)
func foldRow128(_ start: UnsafeRawPointer, count: Int, into accumulator: inout FloorVector128, short: inout UInt64) {
    guard count >= 16 else {
        short |= orOfShortRow(start, count: count)
        return
    }
    var a0 = accumulator
    var a1 = FloorVector128()
    var a2 = FloorVector128()
    var a3 = FloorVector128()
    var offset = 0
    while offset &+ 64 <= count {
        a0 |= start.loadUnaligned(fromByteOffset: offset, as: FloorVector128.self)
        a1 |= start.loadUnaligned(fromByteOffset: offset &+ 16, as: FloorVector128.self)
        a2 |= start.loadUnaligned(fromByteOffset: offset &+ 32, as: FloorVector128.self)
        a3 |= start.loadUnaligned(fromByteOffset: offset &+ 48, as: FloorVector128.self)
        offset &+= 64
    }
    while offset &+ 16 <= count {
        a0 |= start.loadUnaligned(fromByteOffset: offset, as: FloorVector128.self)
        offset &+= 16
    }
    if offset < count {
        a1 |= start.loadUnaligned(fromByteOffset: count &- 16, as: FloorVector128.self)
    }
    accumulator = (a0 | a1) | (a2 | a3)
}

/// Sets the `count` bytes at `start` to 0xFF with 16-byte stores:
/// streaming (`movntdq`) for the whole 64-byte lines when `streaming`,
/// ordinary stores for everything else.
@inline(__always)
func fillRow128(_ start: UnsafeMutableRawPointer, count: Int, streaming: Bool) {
    let ones = FloorVector128(repeating: ~0)
    #if arch(x86_64)
    if streaming {
        let first = nextCacheLine(start)
        let lines = (start + count - first) >> 6
        if lines > 0 {
            fillShortRow(start, count: first - start)
            let vector = unsafeBitCast(ones, to: __m128i.self)
            var line = first.assumingMemoryBound(to: __m128i.self)
            for _ in 0..<lines {
                _mm_stream_si128(line, vector)
                _mm_stream_si128(line + 1, vector)
                _mm_stream_si128(line + 2, vector)
                _mm_stream_si128(line + 3, vector)
                line += 4
            }
            let tail = first + 64 * lines
            fillShortRow(tail, count: start + count - tail)
            return
        }
    }
    #endif
    guard count >= 16 else {
        fillShortRow(start, count: count)
        return
    }
    var offset = 0
    while offset &+ 64 <= count {
        start.storeBytes(of: ones, toByteOffset: offset, as: FloorVector128.self)
        start.storeBytes(of: ones, toByteOffset: offset &+ 16, as: FloorVector128.self)
        start.storeBytes(of: ones, toByteOffset: offset &+ 32, as: FloorVector128.self)
        start.storeBytes(of: ones, toByteOffset: offset &+ 48, as: FloorVector128.self)
        offset &+= 64
    }
    while offset &+ 16 <= count {
        start.storeBytes(of: ones, toByteOffset: offset, as: FloorVector128.self)
        offset &+= 16
    }
    if offset < count {
        start.storeBytes(of: ones, toByteOffset: count &- 16, as: FloorVector128.self)
    }
}

/// Pixels a floor pass moves at a time in a row pair (the last piece of a
/// row takes the rest, up to twice as many): each piece's source bytes are
/// read, then its destination bytes written, so reading and writing overlap
/// as in the row kernel. Whole rows read, then written, were slower than
/// `simd` at 1920×1080 (it took 0.87–0.95 of the floor's time).
@inlinable var floorPiece: Int { 256 }

/// Walks a floor pass over `source` and `destination`: for each pair of
/// luma rows (the last one alone at an odd height), piece by piece
/// (`floorPiece`), calls `read` on the piece's luma of both rows and its U
/// and V samples (meaningful bytes only), then `write` on the piece's pixel
/// bytes of both destination rows, as the row kernel moves a row pair.
/// Each call names a start and a byte count.
@inlinable @inline(__always)
public func forEachFloorPiece(
    _ source: I420View, _ destination: BGRAView, read: (UnsafeRawPointer, Int) -> Void,
    write: (UnsafeMutableRawPointer, Int) -> Void
) {
    let pieces = RowPieces(width: source.width, size: floorPiece)
    for row in stride(from: 0, to: source.height, by: 2) {
        let paired = row &+ 1 < source.height
        let y0 = UnsafeRawPointer(source.y.row(row))
        let y1 = UnsafeRawPointer(source.y.row(paired ? row &+ 1 : row))
        let u = UnsafeRawPointer(source.u.row(row >> 1))
        let v = UnsafeRawPointer(source.v.row(row >> 1))
        let out0 = UnsafeMutableRawPointer(destination.row(row))
        let out1 = UnsafeMutableRawPointer(destination.row(paired ? row &+ 1 : row))
        for index in 0..<pieces.count {
            let (x, count, chromaX, chromaCount) = pieces[index]
            read(y0 + x, count)
            if paired { read(y1 + x, count) }
            read(u + chromaX, chromaCount)
            read(v + chromaX, chromaCount)
            write(out0 + 4 &* x, 4 &* count)
            if paired { write(out1 + 4 &* x, 4 &* count) }
        }
    }
}

/// One memory-floor pass at the baseline level: for each pair of luma rows, a
/// piece at a time (`forEachFloorPiece`), reads the piece's luma of both
/// rows and its U and V samples (meaningful bytes only), then sets the
/// piece's pixel bytes of both destination rows to 0xFF (padding
/// untouched), as the row kernel moves a row pair; with `streaming`, fences
/// once at the end. Returns the OR of every byte read.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
public func floorPassBaseline(_ source: I420View, to destination: BGRAView, streaming: Bool) -> UInt8 {
    precondition(source.size == destination.size, "floor source and destination sizes differ")
    var accumulator = FloorVector128()
    var short: UInt64 = 0
    forEachFloorPiece(
        source, destination, read: { foldRow128($0, count: $1, into: &accumulator, short: &short) },
        write: { fillRow128($0, count: $1, streaming: streaming) })
    if streaming { fenceStreamingStores() }
    return orOfBytes(accumulator[0] | accumulator[1] | short)
}
