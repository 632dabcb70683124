import Frames
import SIMDRows

#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

// The memory floor's rows at the AVX2 level (32-byte vectors; this module is
// compiled with -target-cpu haswell). Same contract as the baseline level in
// SIMDRows/FloorRows.swift. Check the hot loops (vmovdqu/vpor ymm loads,
// vmovntdq ymm stores, no calls) after any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX2.build/FloorRowsAVX2.swift.o

/// One 32-byte vector.
typealias FloorVector256 = SIMD4<UInt64>

/// Folds the `count` bytes at `start` into `accumulator` with 32-byte
/// loads (four a step), then one overlapping load for a ragged end; `short`
/// takes rows shorter than a vector.
@inline(__always)
func foldRow256(_ start: UnsafeRawPointer, count: Int, into accumulator: inout FloorVector256, short: inout UInt64) {
    guard count >= 32 else {
        short |= orOfShortRow(start, count: count)
        return
    }
    var a0 = accumulator
    var a1 = FloorVector256()
    var a2 = FloorVector256()
    var a3 = FloorVector256()
    var offset = 0
    while offset &+ 128 <= count {
        a0 |= start.loadUnaligned(fromByteOffset: offset, as: FloorVector256.self)
        a1 |= start.loadUnaligned(fromByteOffset: offset &+ 32, as: FloorVector256.self)
        a2 |= start.loadUnaligned(fromByteOffset: offset &+ 64, as: FloorVector256.self)
        a3 |= start.loadUnaligned(fromByteOffset: offset &+ 96, as: FloorVector256.self)
        offset &+= 128
    }
    while offset &+ 32 <= count {
        a0 |= start.loadUnaligned(fromByteOffset: offset, as: FloorVector256.self)
        offset &+= 32
    }
    if offset < count {
        a1 |= start.loadUnaligned(fromByteOffset: count &- 32, as: FloorVector256.self)
    }
    accumulator = (a0 | a1) | (a2 | a3)
}

/// Sets the `count` bytes at `start` to 0xFF with 32-byte stores:
/// streaming (`vmovntdq`) for the whole 64-byte lines when `streaming`,
/// ordinary stores for everything else.
@inline(__always)
func fillRow256(_ start: UnsafeMutableRawPointer, count: Int, streaming: Bool) {
    let ones = FloorVector256(repeating: ~0)
    #if arch(x86_64)
    if streaming {
        let first = nextCacheLine(start)
        let lines = (start + count - first) >> 6
        if lines > 0 {
            fillShortRow(start, count: first - start)
            let vector = unsafeBitCast(ones, to: __m256i.self)
            var line = first.assumingMemoryBound(to: __m256i.self)
            for _ in 0..<lines {
                _mm256_stream_si256(line, vector)
                _mm256_stream_si256(line + 1, vector)
                line += 2
            }
            let tail = first + 64 * lines
            fillShortRow(tail, count: start + count - tail)
            return
        }
    }
    #endif
    guard count >= 32 else {
        fillShortRow(start, count: count)
        return
    }
    var offset = 0
    while offset &+ 128 <= count {
        start.storeBytes(of: ones, toByteOffset: offset, as: FloorVector256.self)
        start.storeBytes(of: ones, toByteOffset: offset &+ 32, as: FloorVector256.self)
        start.storeBytes(of: ones, toByteOffset: offset &+ 64, as: FloorVector256.self)
        start.storeBytes(of: ones, toByteOffset: offset &+ 96, as: FloorVector256.self)
        offset &+= 128
    }
    while offset &+ 32 <= count {
        start.storeBytes(of: ones, toByteOffset: offset, as: FloorVector256.self)
        offset &+= 32
    }
    if offset < count {
        start.storeBytes(of: ones, toByteOffset: count &- 32, as: FloorVector256.self)
    }
}

/// One memory-floor pass at the AVX2 level: for each pair of luma rows, a
/// piece at a time (`forEachFloorPiece`), reads the piece's luma of both
/// rows and its U and V samples (meaningful bytes only), then sets the
/// piece's pixel bytes of both destination rows to 0xFF (padding
/// untouched), as the row kernel moves a row pair; with `streaming`, fences
/// once at the end. Returns the OR of every byte read. Call only when the
/// CPU supports AVX2.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
public func floorPassAVX2(_ source: I420View, to destination: BGRAView, streaming: Bool) -> UInt8 {
    precondition(source.size == destination.size, "floor source and destination sizes differ")
    var accumulator = FloorVector256()
    var short: UInt64 = 0
    forEachFloorPiece(
        source, destination, read: { foldRow256($0, count: $1, into: &accumulator, short: &short) },
        write: { fillRow256($0, count: $1, streaming: streaming) })
    if streaming { fenceStreamingStores() }
    return orOfBytes(orOfLanes(accumulator) | short)
}
