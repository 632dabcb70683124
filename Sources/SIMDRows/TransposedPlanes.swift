import Frames

#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

// Quarter turns through transposed planes (docs/kernel.md, "Quarter turns
// through transposed planes"): a tile of the destination is the upright
// conversion of the same tile of the rotated source planes, which libyuv's
// own rotation (each plane turned on its own size, then converted upright)
// defines. So each tile's luma and chroma are transposed into a small
// scratch (bytes, or the (u, v) byte pairs of NV12 as 16-bit words), with
// source rows taken bottom up when they run backwards and the scratch rows
// filled bottom up when source columns do, and the upright row kernel then
// converts the scratch straight into the destination rows. A byte moves
// through the transpose once, where a converted pixel's 4 bytes did
// (`convertTransposed`), and the chroma pairs need no phase: the turned
// planes pair from 0 like any upright frame.

/// Destination rows per tile of a quarter turn through transposed planes:
/// 64 bytes of each source luma row it reads (one line where aligned).
@inlinable var planeTileRows: Int { 64 }

/// Destination columns per tile (source rows it reads): 1 KiB of each of
/// its destination rows, 24 KiB of scratch with the chroma (the shapes
/// measured against it: docs/kernel.md, "Quarter turns through transposed
/// planes").
@inlinable var planeTileColumns: Int { 256 }

/// Destination rows of the next tile from an even row with `remaining`
/// rows left: `planeTileRows`, or fewer, so that the last tile keeps at
/// least half as many. A tile of fewer than 31 rows has fewer than 16
/// chroma rows, too few for a 16 × 16 byte block of `transposeElements`,
/// which then moves I420 chroma element by element (a 720-pixel-wide
/// source turned would otherwise end on a tile of 16 rows).
@inlinable @inline(__always)
func planeTileHeight(remaining: Int) -> Int {
    let half = planeTileRows &>> 1
    if remaining <= planeTileRows { return remaining }
    if remaining >= planeTileRows &+ half { return planeTileRows }
    return (remaining &- half) & ~1
}

/// Converts destination rows `rows` of `source` turned by `axes` into
/// `destination`, byte for byte as libyuv's rotation of each plane and
/// upright conversion give them: a tile of `planeTileRows` (or
/// `planeTileHeight`'s fewer, at the end) × `planeTileColumns` at a time,
/// its planes transposed into a scratch and
/// converted upright from there (`convertRows`) with `Stores`. Tiles start
/// on even destination columns, and on even rows unless `rows` starts on an
/// odd one, so each is an upright I420 (or NV12) frame of its own. Writes
/// exactly those rows.
/// - Precondition: `axes.swaps` (a quarter turn); `destination` has the
///   turned size of `source` and `rows` lies within it; where `Stores`
///   streams, `destination`'s rows start on 64-byte boundaries
///   (`streamingStoresFit`, as `convertFrame` checks).
@inlinable
public func convertThroughTransposedPlanes<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ m: M.Type, _ level: Level.Type, _ stores: Stores.Type, _ source: SourceFrame, _ destination: BGRAView,
    _ axes: OrientedAxes, rows: Range<Int>
) {
    // Destination row r is source column x(r), destination column c source
    // row y(c); chroma the same on the chroma planes' own sizes.
    let width = source.width
    let height = source.height
    let chromaWidth = (width &+ 1) &>> 1
    let chromaHeight = (height &+ 1) &>> 1
    let step = M.Chroma.step
    let lumaStride = planeTileColumns
    let chromaStride = (planeTileColumns &>> 1) &* step
    let lumaBytes = planeTileRows &* lumaStride
    let chromaBytes = (planeTileRows &>> 1) &* chromaStride
    let chromaPlanes = step == 2 ? 1 : 2  // NV12's pairs, or U and V
    let bound = SIMDRowConstants.upperBound
    let (uPlane, vPlane) = (source.u, source.v)
    withUnsafeTemporaryAllocation(byteCount: lumaBytes &+ chromaPlanes &* chromaBytes, alignment: 64) { buffer in
        let luma = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let u = luma + lumaBytes
        let v = step == 2 ? u + 1 : u + chromaBytes
        var top = rows.lowerBound
        while top < rows.upperBound {
            let count = top & 1 != 0 ? 1 : planeTileHeight(remaining: rows.upperBound &- top)
            let chromaTop = top &>> 1
            let chromaCount = ((top &+ count &- 1) &>> 1) &- chromaTop &+ 1
            var left = 0
            while left < height {
                let columns = min(planeTileColumns, height &- left)
                let chromaLeft = left &>> 1
                let chromaColumns = (columns &+ 1) &>> 1
                transposePlaneTile(
                    source.y.base, source.y.stride, elementSize: 1, planeWidth: width, planeHeight: height, axes,
                    rows: top..<(top &+ count), columns: left..<(left &+ columns), to: luma, tileStride: lumaStride)
                let chromaRows = chromaTop..<(chromaTop &+ chromaCount)
                let chromaRange = chromaLeft..<(chromaLeft &+ chromaColumns)
                transposePlaneTile(
                    uPlane.base, uPlane.stride, elementSize: step, planeWidth: chromaWidth, planeHeight: chromaHeight,
                    axes, rows: chromaRows, columns: chromaRange, to: u, tileStride: chromaStride)
                if step == 1 {
                    transposePlaneTile(
                        vPlane.base, vPlane.stride, elementSize: 1, planeWidth: chromaWidth, planeHeight: chromaHeight,
                        axes, rows: chromaRows, columns: chromaRange, to: v, tileStride: chromaStride)
                }
                var i = 0
                while i < count {
                    let paired = i &+ 1 < count
                    let chromaRow = ((top &+ i) &>> 1 &- chromaTop) &* chromaStride
                    let out0 = destination.row(top &+ i) + 4 &* left
                    convertRows(
                        m, level, stores, luma + i &* lumaStride, paired ? luma + (i &+ 1) &* lumaStride : nil,
                        u + chromaRow, v + chromaRow, out0,
                        paired ? destination.row(top &+ i &+ 1) + 4 &* left : nil, columns, bound)
                    i &+= 2
                }
                left &+= columns
            }
            top &+= count
        }
    }
}

/// Writes rows `rows` and columns `columns` of a plane (`planeWidth` ×
/// `planeHeight` elements of `elementSize` bytes, rows `stride` bytes
/// apart from `base`) turned by `axes` (a quarter turn) into `tile`, whose
/// rows are `tileStride` bytes apart: tile row `i`, element `j` is the
/// turned plane's row `r = rows.lowerBound + i`, column
/// `c = columns.lowerBound + j`, which is the source plane's column `r`
/// (`planeWidth - 1 - r` when `axes.reversesColumns`) of its row `c`
/// (`planeHeight - 1 - c` when `axes.reversesRows`).
@inlinable @inline(__always)
func transposePlaneTile(
    _ base: UnsafePointer<UInt8>, _ stride: Int, elementSize: Int, planeWidth: Int, planeHeight: Int,
    _ axes: OrientedAxes, rows: Range<Int>, columns: Range<Int>, to tile: UnsafeMutablePointer<UInt8>,
    tileStride: Int
) {
    let count = rows.count
    // The tile's columns are source rows, its rows source columns: the
    // source rows top first or bottom first, and the leftmost source
    // column; when columns run backwards the scratch fills bottom up.
    let firstRow = axes.reversesRows ? planeHeight &- 1 &- columns.lowerBound : columns.lowerBound
    let rowStep = axes.reversesRows ? -stride : stride
    let leftmost = axes.reversesColumns ? planeWidth &- rows.upperBound : rows.lowerBound
    let from = base + (firstRow &* stride &+ leftmost &* elementSize)
    let to = axes.reversesColumns ? tile + (count &- 1) &* tileStride : tile
    let toStep = axes.reversesColumns ? -tileStride : tileStride
    transposeElements(
        from: from, fromStride: rowStep, rows: columns.count, columns: count, elementSize: elementSize, to: to,
        toStride: toStep)
}

/// Transposes `rows` × `columns` elements of `elementSize` bytes (1 or 2)
/// at `from` (rows `fromStride` bytes apart, negative to go upwards) into
/// `columns` × `rows` at `to` (rows `toStride` apart): output row `k`,
/// element `j` is input row `j`, element `k`. On x86-64 in blocks of
/// 16 × 16 bytes or 8 × 8 words, the last block of each direction
/// overlapping the one before it (writing the same elements again); one
/// element at a time elsewhere, or when either side is shorter than a
/// block.
@inlinable @inline(__always)
func transposeElements(
    from: UnsafePointer<UInt8>, fromStride: Int, rows: Int, columns: Int, elementSize: Int,
    to: UnsafeMutablePointer<UInt8>, toStride: Int
) {
    #if arch(x86_64)
    let block = 16 / elementSize
    if rows >= block && columns >= block {
        var k = 0
        while k < columns {
            let column = min(k, columns &- block)
            var j = 0
            while j < rows {
                let row = min(j, rows &- block)
                let input = UnsafeRawPointer(from + (row &* fromStride &+ column &* elementSize))
                let output = UnsafeMutableRawPointer(to + (column &* toStride &+ row &* elementSize))
                if elementSize == 1 {
                    transposeBytes16(input, fromStride, output, toStride)
                } else {
                    transposeWords8(input, fromStride, output, toStride)
                }
                j &+= block
            }
            k &+= block
        }
        return
    }
    #endif
    for k in 0..<columns {
        for j in 0..<rows {
            let input = from + (j &* fromStride &+ k &* elementSize)
            let output = to + (k &* toStride &+ j &* elementSize)
            output[0] = input[0]
            if elementSize == 2 { output[1] = input[1] }
        }
    }
}

#if arch(x86_64)
/// The 16 × 16 byte transpose of `transposeElements`: four rounds of
/// `punpcklbw` and `punpckhbw`, each taking vector `k` and `k + 8` to `2k`
/// and `2k + 1` (which rotates a byte's 8-bit row-and-column index left by
/// one bit, so four rounds exchange row and column).
@inlinable @inline(__always)
func transposeBytes16(
    _ from: UnsafeRawPointer, _ fromStride: Int, _ to: UnsafeMutableRawPointer, _ toStride: Int
) {
    @inline(__always) func row(_ j: Int) -> __m128i { blockRow(from, fromStride, j) }
    var r = (
        row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7),
        row(8), row(9), row(10), row(11), row(12), row(13), row(14), row(15)
    )
    for _ in 0..<4 {
        r = (
            _mm_unpacklo_epi8(r.0, r.8), _mm_unpackhi_epi8(r.0, r.8),
            _mm_unpacklo_epi8(r.1, r.9), _mm_unpackhi_epi8(r.1, r.9),
            _mm_unpacklo_epi8(r.2, r.10), _mm_unpackhi_epi8(r.2, r.10),
            _mm_unpacklo_epi8(r.3, r.11), _mm_unpackhi_epi8(r.3, r.11),
            _mm_unpacklo_epi8(r.4, r.12), _mm_unpackhi_epi8(r.4, r.12),
            _mm_unpacklo_epi8(r.5, r.13), _mm_unpackhi_epi8(r.5, r.13),
            _mm_unpacklo_epi8(r.6, r.14), _mm_unpackhi_epi8(r.6, r.14),
            _mm_unpacklo_epi8(r.7, r.15), _mm_unpackhi_epi8(r.7, r.15)
        )
    }
    storeBlockRows(r, to, toStride)
}

/// The 8 × 8 transpose of 16-bit elements of `transposeElements`: three
/// rounds of `punpcklwd` and `punpckhwd`, as `transposeBytes16` does bytes.
@inlinable @inline(__always)
func transposeWords8(
    _ from: UnsafeRawPointer, _ fromStride: Int, _ to: UnsafeMutableRawPointer, _ toStride: Int
) {
    @inline(__always) func row(_ j: Int) -> __m128i { blockRow(from, fromStride, j) }
    var r = (row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7))
    for _ in 0..<3 {
        r = (
            _mm_unpacklo_epi16(r.0, r.4), _mm_unpackhi_epi16(r.0, r.4),
            _mm_unpacklo_epi16(r.1, r.5), _mm_unpackhi_epi16(r.1, r.5),
            _mm_unpacklo_epi16(r.2, r.6), _mm_unpackhi_epi16(r.2, r.6),
            _mm_unpacklo_epi16(r.3, r.7), _mm_unpackhi_epi16(r.3, r.7)
        )
    }
    storeBlockRows(r, to, toStride)
}

/// Row `j` of a block at `from` whose rows are `stride` bytes apart: 16
/// bytes, no alignment needed.
@inlinable @inline(__always)
func blockRow(_ from: UnsafeRawPointer, _ stride: Int, _ j: Int) -> __m128i {
    (from + j &* stride).loadUnaligned(as: __m128i.self)
}

/// Stores the 128-bit vectors that make up `rows` (a tuple of `__m128i`),
/// vector `k` at `to + k × stride` (no alignment needed): a transposed
/// block's rows.
@inlinable @inline(__always)
func storeBlockRows<Rows>(_ rows: Rows, _ to: UnsafeMutableRawPointer, _ stride: Int) {
    withUnsafeBytes(of: rows) { vectors in
        for k in 0..<(vectors.count &>> 4) {
            (to + k &* stride).storeBytes(of: vectors.load(fromByteOffset: 16 &* k, as: __m128i.self), as: __m128i.self)
        }
    }
}
#endif
