import Frames
import SIMDRows

#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

// The memory floor's rows at the AVX-512 level (64-byte vectors; this module is
// compiled with -target-cpu skylake-avx512). Same contract as the baseline level in
// SIMDRows/FloorRows.swift. Check the hot loops (vmovdqu/vporq zmm loads,
// vmovntdq zmm stores, no calls) after any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512.build/FloorRowsAVX512.swift.o

/// One 64-byte vector.
typealias FloorVector512 = SIMD8<UInt64>

/// Folds the `count` bytes at `start` into `accumulator` with 64-byte
/// loads (four a step), then one overlapping load for a ragged end; `short`
/// takes rows shorter than a vector.
@inline(__always)
func foldRow512(_ start: UnsafeRawPointer, count: Int, into accumulator: inout FloorVector512, short: inout UInt64) {
    guard count >= 64 else {
        short |= orOfShortRow(start, count: count)
        return
    }
    var a0 = accumulator
    var a1 = FloorVector512()
    var a2 = FloorVector512()
    var a3 = FloorVector512()
    var offset = 0
    while offset &+ 256 <= count {
        a0 |= start.loadUnaligned(fromByteOffset: offset, as: FloorVector512.self)
        a1 |= start.loadUnaligned(fromByteOffset: offset &+ 64, as: FloorVector512.self)
        a2 |= start.loadUnaligned(fromByteOffset: offset &+ 128, as: FloorVector512.self)
        a3 |= start.loadUnaligned(fromByteOffset: offset &+ 192, as: FloorVector512.self)
        offset &+= 256
    }
    while offset &+ 64 <= count {
        a0 |= start.loadUnaligned(fromByteOffset: offset, as: FloorVector512.self)
        offset &+= 64
    }
    if offset < count {
        a1 |= start.loadUnaligned(fromByteOffset: count &- 64, as: FloorVector512.self)
    }
    accumulator = (a0 | a1) | (a2 | a3)
}

/// Sets the `count` bytes at `start` to 0xFF with 64-byte stores:
/// streaming (`vmovntdq`, one a line) for the whole 64-byte lines when `streaming`,
/// ordinary stores for everything else.
// `@_transparent`: with `@inline(__always)` the compiler kept this as a call
// from `floorPassAVX512` (once a row), unlike the AVX2 and baseline levels.
@_transparent
func fillRow512(_ start: UnsafeMutableRawPointer, count: Int, streaming: Bool) {
    let ones = FloorVector512(repeating: ~0)
    #if arch(x86_64)
    if streaming {
        let first = nextCacheLine(start)
        let lines = (start + count - first) >> 6
        if lines > 0 {
            fillShortRow(start, count: first - start)
            let vector = unsafeBitCast(ones, to: __m512i.self)
            var line = first
            for _ in 0..<lines {
                _mm512_stream_si512(line, vector)
                line += 64
            }
            let tail = first + 64 * lines
            fillShortRow(tail, count: start + count - tail)
            return
        }
    }
    #endif
    guard count >= 64 else {
        fillShortRow(start, count: count)
        return
    }
    // One store a step: unrolled by hand, LLVM merged the four stores and
    // split them into eight 256-bit ones (Skylake-AVX512 prefers 256 bits).
    var offset = 0
    while offset &+ 64 <= count {
        start.storeBytes(of: ones, toByteOffset: offset, as: FloorVector512.self)
        offset &+= 64
    }
    if offset < count {
        start.storeBytes(of: ones, toByteOffset: count &- 64, as: FloorVector512.self)
    }
}

/// One memory-floor pass at the AVX-512 level: for each pair of luma rows, a
/// piece at a time (`forEachFloorPiece`), reads the piece's luma of both
/// rows and its U and V samples (meaningful bytes only), then sets the
/// piece's pixel bytes of both destination rows to 0xFF (padding
/// untouched), as the row kernel moves a row pair; with `streaming`, fences
/// once at the end. Returns the OR of every byte read. Call only when the
/// CPU supports AVX-512.
/// - Precondition: `source` and `destination` have the same size.
@inline(never)
public func floorPassAVX512(_ source: I420View, to destination: BGRAView, streaming: Bool) -> UInt8 {
    precondition(source.size == destination.size, "floor source and destination sizes differ")
    var accumulator = FloorVector512()
    var short: UInt64 = 0
    forEachFloorPiece(
        source, destination, read: { foldRow512($0, count: $1, into: &accumulator, short: &short) },
        write: { fillRow512($0, count: $1, streaming: streaming) })
    if streaming { fenceStreamingStores() }
    return orOfBytes(orOfLanes(accumulator.lowHalf | accumulator.highHalf) | short)
}
