import Frames
import Synchronization

// Oriented conversion in one pass from the source planes (docs/kernel.md,
// "Orientations"): every source pixel is converted by the upright row
// kernel with the chroma sample its orientation gives it
// (`OrientedAxes`), then placed.
//
// - Orientations that keep rows as rows (upright, mirror, 180 degrees and
//   its mirror, a vertical flip) convert source rows from the top straight
//   into the destination rows they become; when columns run backwards,
//   from a scratch copy of pieces of the rows with their bytes reversed
//   (`SIMDLevelTag.reverseBytes`), each plane on its own width; at
//   AVX-512 row pairs of even width convert upright blocks and write
//   their pixels in reverse (`SIMDLevelTagMirroringBlocks`).
// - Quarter turns convert tiles of up to 32 source rows × 128 columns
//   into one of two 16 KiB scratches and write each 16 × 16 (else 8 × 8)
//   block of it transposed (`SIMDLevelTag.transposeBlock16`,
//   `transposeBlock8`): source rows taken bottom up when they run
//   backwards, output rows stepped backwards when columns do. Tiles go down
//   a column segment from the top, each placed while the next one converts,
//   and a full tile fills two whole 64-byte lines of each of its output
//   rows, so it may stream. A level that transposes blocks in registers
//   (`SIMDLevelTagTransposingBlocks`: AVX-512) converts whole 16 × 16
//   blocks straight into their 64-byte output lines instead, and only the
//   rows and columns around them in tiles.
//
// Along a reversed axis of odd length the chroma pairs start at 1: pixel
// 0 takes sample 0 alone, then pixels 1 and 2 share sample 1, and so on.
// Rows then pair as 0 | 1, 2 | 3, 4 ...; in a quarter turn, column 0 is
// then a tile of its own, one column wide. Rows whose columns run
// backwards need no column phase: their reversed copies are rows of the
// mirrored planes, pairs from 0.

/// Converts destination rows `rows` of `source` oriented by `orientation`
/// into `destination` with `matrix`; instantiated in the calling module for
/// `level`. Streaming stores as for the upright `convertFrame`: whole lines
/// of 64-byte-aligned destination rows, then a fence.
/// - Precondition: `destination` has the oriented size of `source`, and
///   `rows` lies within it.
@inlinable
public func convertFrame<Level: SIMDLevelTag>(
    _ level: Level.Type, _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix,
    orientation: Orientation, rows: Range<Int>, streaming: Bool
) {
    precondition(
        destination.size == orientation.orientedSize(of: source.size),
        "destination size does not match the orientation")
    precondition(rows.lowerBound >= 0 && rows.upperBound <= destination.height, "rows outside the destination")
    if orientation == .upright && rows == 0..<destination.height {
        convertFrame(level, source, to: destination, matrix: matrix, streaming: streaming)
        return
    }
    guard !rows.isEmpty, destination.width > 0 else { return }
    let axes = OrientedAxes(orientation)
    if streaming && streamingStoresFit(destination) {
        convertOriented(level, StreamingStores<Level>.self, source, to: destination, matrix: matrix, axes, rows)
        atomicMemoryFence(ordering: .sequentiallyConsistent)  // as in the upright `convertFrame`
    } else {
        convertOriented(level, CachedStores.self, source, to: destination, matrix: matrix, axes, rows)
    }
}

/// The matrix switch of the oriented `convertFrame`, for one store kind.
@inlinable
func convertOriented<Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ level: Level.Type, _ stores: Stores.Type, _ source: SourceFrame, to destination: BGRAView,
    matrix: ColorMatrix, _ axes: OrientedAxes, _ rows: Range<Int>
) {
    switch matrix {
    case .bt601: orientLaidOut(SIMDRowMatrices.BT601.self, level, stores, source, destination, axes, rows)
    case .bt601Full: orientLaidOut(SIMDRowMatrices.BT601Full.self, level, stores, source, destination, axes, rows)
    case .bt709: orientLaidOut(SIMDRowMatrices.BT709.self, level, stores, source, destination, axes, rows)
    case .bt709Full: orientLaidOut(SIMDRowMatrices.BT709Full.self, level, stores, source, destination, axes, rows)
    case .bt2020: orientLaidOut(SIMDRowMatrices.BT2020.self, level, stores, source, destination, axes, rows)
    case .bt2020Full: orientLaidOut(SIMDRowMatrices.BT2020Full.self, level, stores, source, destination, axes, rows)
    }
}

/// The layout switch of the oriented conversion: `M` as it is for I420,
/// with its chroma interleaved for NV12.
@inlinable
func orientLaidOut<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ m: M.Type, _ level: Level.Type, _ stores: Stores.Type, _ source: SourceFrame, _ destination: BGRAView,
    _ axes: OrientedAxes, _ rows: Range<Int>
) {
    switch source.layout {
    case .i420: convertOriented(m, level, stores, source, destination, axes, rows)
    case .nv12: convertOriented(InterleavedChromaMatrix<M>.self, level, stores, source, destination, axes, rows)
    }
}

/// Destination rows `rows` of the oriented conversion with the constants
/// and chroma layout of `M` (`source`'s).
@inlinable
func convertOriented<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ m: M.Type, _ level: Level.Type, _ stores: Stores.Type, _ source: SourceFrame, _ destination: BGRAView,
    _ axes: OrientedAxes, _ rows: Range<Int>
) {
    if axes.swaps {
        let width = source.width
        let columns = axes.reversesColumns ? (width - rows.upperBound)..<(width - rows.lowerBound) : rows
        Level.convertQuarterTurn(m, stores, source, destination, axes, columns: columns)
    } else {
        convertInRowOrder(m, level, stores, source, destination, axes, rows)
    }
}

/// Orientations that keep rows as rows: each source row (pair) into the
/// destination row it becomes, through a reversing copy when columns run
/// backwards.
@inlinable
func convertInRowOrder<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ m: M.Type, _ level: Level.Type, _ stores: Stores.Type, _ source: SourceFrame, _ destination: BGRAView,
    _ axes: OrientedAxes, _ rows: Range<Int>
) {
    let width = source.width
    let height = source.height
    let rowPhase = axes.rowPhase(height: height)
    let sourceRows = axes.reversesRows ? (height - rows.upperBound)..<(height - rows.lowerBound) : rows
    let bound = SIMDRowConstants.upperBound
    /// The destination row that source row `row` becomes.
    @inline(__always)
    func target(_ row: Int) -> UnsafeMutablePointer<UInt8> {
        destination.row(axes.reversesRows ? height &- 1 &- row : row)
    }
    let scratchBytes = axes.reversesColumns ? 8 &* mirrorPiece : 0
    let (uPlane, vPlane) = (source.u, source.v)
    withUnsafeTemporaryAllocation(byteCount: scratchBytes, alignment: 64) { scratch in
        // Source rows from the top, also when they run backwards in the
        // destination (read bottom up, rotate180 took 1.45x as long at 1080p).
        var lower = sourceRows.lowerBound
        let upper = sourceRows.upperBound
        while lower < upper {
            let paired = (lower &+ rowPhase) & 1 == 0 && lower &+ 1 < upper
            let row = lower
            lower &+= paired ? 2 : 1
            let chromaRow = (row &+ rowPhase) &>> 1
            let y0 = source.y.row(row)
            let y1 = paired ? source.y.row(row &+ 1) : nil
            let u = uPlane.row(chromaRow)
            let v = vPlane.row(chromaRow)
            let out0 = target(row)
            let out1 = paired ? target(row &+ 1) : nil
            guard axes.reversesColumns else {
                convertRows(m, level, stores, y0, y1, u, v, out0, out1, width, bound)
                continue
            }
            let reversed = scratch.baseAddress!.assumingMemoryBound(to: UInt8.self)
            Level.convertReversedRows(
                m, stores, y0, y1, u, v, out0, out1, width: width, bound: bound, scratch: reversed)
        }
    }
}

/// Converts luma row `y0`, and `y1` when given, sharing the chroma rows `u`
/// and `v`, with their columns reversed into `out0` (and `out1`): `width`
/// pixels, each plane reversed on its own width, through `scratch`
/// (`8 × mirrorPiece` bytes). Interleaved chroma is reversed pair by pair
/// and split into planes on the way, and converted as planar (`M.Planar`).
///
/// The rows reversed are the upright rows of the mirrored planes (chroma
/// pairs from 0): reversed and converted a piece at a time, so that reading
/// the source and writing the destination overlap (a whole row pair
/// reversed, then converted: 1.16x upright's time at 1080p instead of
/// 1.0x). Stored normally, the pieces go from the output row's start, so
/// the destination is written in ascending lines as upright
/// (`SIMDStorePolicy.writesAscendingLines`); streamed, from its end, so
/// the source is read upwards.
@inlinable
public func convertReversedInPieces<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ m: M.Type, _ level: Level.Type, _ stores: Stores.Type,
    _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>?, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>?, width: Int,
    bound: UnsafeRawPointer, scratch reversed: UnsafeMutablePointer<UInt8>
) {
    let chromaWidth = (width &+ 1) &>> 1
    let pieces = RowPieces(width: width, size: mirrorPiece)
    for step in 0..<pieces.count {
        // Output pixels x ..< x + count.
        let index = Stores.streams ? pieces.count &- 1 &- step : step
        let (x, count, chromaStart, chromaCount) = pieces[index]
        let ry0 = reversed
        let ry1 = reversed + 2 &* mirrorPiece
        let ru = reversed + 4 &* mirrorPiece
        let rv = ru + mirrorPiece
        Level.reverseBytes(from: y0 + (width &- x &- count), to: ry0, count: count)
        if let y1 { Level.reverseBytes(from: y1 + (width &- x &- count), to: ry1, count: count) }
        let chromaSource = chromaWidth &- chromaStart &- chromaCount
        if M.Chroma.step == 2 {
            let pairs = rv + mirrorPiece
            Level.reverseBytes(from: u + 2 &* chromaSource, to: pairs, count: 2 &* chromaCount)
            splitReversedPairs(pairs, count: chromaCount, u: ru, v: rv)
        } else {
            Level.reverseBytes(from: u + chromaSource, to: ru, count: chromaCount)
            Level.reverseBytes(from: v + chromaSource, to: rv, count: chromaCount)
        }
        convertRows(
            M.Planar.self, level, stores, ry0, y1 == nil ? nil : ry1, ru, rv, out0 + 4 &* x,
            out1.map { $0 + 4 &* x }, count, bound)
    }
}

/// Splits `count` chroma pairs whose bytes were reversed (so V, U, V, U,
/// ...) into `count` U and `count` V bytes.
@inlinable
func splitReversedPairs(
    _ pairs: UnsafePointer<UInt8>, count: Int, u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>
) {
    var i = 0
    while i &+ 16 <= count {
        let bytes = UnsafeRawPointer(pairs + 2 &* i).loadUnaligned(as: SIMD32<UInt8>.self)
        UnsafeMutableRawPointer(v + i).storeBytes(of: bytes.evenHalf, as: SIMD16<UInt8>.self)
        UnsafeMutableRawPointer(u + i).storeBytes(of: bytes.oddHalf, as: SIMD16<UInt8>.self)
        i &+= 16
    }
    while i < count {
        v[i] = pairs[2 &* i]
        u[i] = pairs[2 &* i &+ 1]
        i &+= 1
    }
}

/// Output pixels per piece of a mirrored row (the last piece of a row takes
/// up to twice as many): a multiple of 64, so every piece but the last is
/// whole row-pair blocks on whole 64-byte lines.
@inlinable var mirrorPiece: Int { 256 }

/// Source rows per tile of a quarter turn.
@inlinable var tileRows: Int { 32 }
/// Source columns per tile of a quarter turn (tile scratch row: 512 bytes):
/// two whole 64-byte lines of luma, so each source line a tile reads is used
/// up at once (the shapes measured against it: docs/kernel.md, "Quarter
/// turns in tiles").
@inlinable var tileColumns: Int { 128 }

/// Quarter turns: tiles of source rows × columns converted into a scratch,
/// then transposed into their destination rows (source columns): source
/// columns `columns` of source rows `sourceRows`, which start at row 0 or
/// where a pair of rows sharing a chroma row does.
@inlinable
public func convertTransposed<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ m: M.Type, _ level: Level.Type, _ stores: Stores.Type, _ source: SourceFrame, _ destination: BGRAView,
    _ axes: OrientedAxes, columns: Range<Int>, sourceRows: Range<Int>
) {
    guard !columns.isEmpty, !sourceRows.isEmpty else { return }
    let width = source.width
    let height = source.height
    let columnPhase = axes.columnPhase(width: width)
    let rowPhase = axes.rowPhase(height: height)
    let lastRow = sourceRows.upperBound
    let bound = SIMDRowConstants.upperBound
    let (uPlane, vPlane) = (source.u, source.v)
    let scratchStride = 4 * tileColumns
    let tileBytes = tileRows * scratchStride
    withUnsafeTemporaryAllocation(byteCount: 2 * tileBytes, alignment: 64) { buffer in
        let scratches = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var current = 0
        // The tile converted before this one, placed a strip of 16 columns
        // at a time while this one converts, so that its stores drain while
        // the source is read (placed after converting, each tile waited for
        // both in turn: 1.2x as long at 1080p).
        var previous: (scratch: UnsafeMutablePointer<UInt8>, row: Int, rowCount: Int, column: Int, columnCount: Int)?
        var placed = 0
        /// Places the previous tile's columns `placed ..< end`.
        @inline(__always)
        func placePrevious(upTo end: Int) {
            guard let tile = previous, placed < end else { return }
            placeTransposed(
                level, stores, tile.scratch, scratchStride, destination, axes, width: width, height: height,
                firstRow: tile.row, rowCount: tile.rowCount, firstColumn: tile.column, columnCount: tile.columnCount,
                columns: placed..<end)
            placed = end
        }
        var column = columns.lowerBound
        while column < columns.upperBound {
            // A tile starts where a chroma pair does, or is one column (row) wide.
            let columnCount =
                (column &+ columnPhase) & 1 != 0 ? 1 : min(tileColumns, columns.upperBound &- column)
            let chromaColumn = (column &+ columnPhase) &>> 1
            // Tiles from the top, reading the source downwards (read
            // upwards, rotate90 took 1.15x as long at 1080p). When rows are
            // reversed, their boundaries are those of tiles counted from
            // the bottom, so full tiles start a multiple of `tileRows`
            // pixels into their output rows, on a line boundary.
            var row = sourceRows.lowerBound
            while row < lastRow {
                let rowCount: Int
                if !axes.reversesRows {
                    rowCount = min(tileRows, lastRow &- row)
                } else if rowPhase == 1 && row == 0 && height > 1 {
                    rowCount = 1  // row 0 has a chroma row of its own
                } else {
                    let partial = (lastRow &- row) % tileRows
                    rowCount = partial == 0 ? tileRows : partial
                }
                let scratch = scratches + current &* tileBytes
                let pairs = (rowCount &+ 1) &>> 1
                let strips = previous.map { ($0.columnCount &+ 15) &>> 4 } ?? 0
                var i = 0
                var pair = 0
                while i < rowCount {
                    let paired = i &+ 1 < rowCount
                    let chromaRow = (row &+ i &+ rowPhase) &>> 1
                    let out0 = scratch + i &* scratchStride
                    convertRows(
                        m, level, CachedStores.self, source.y.row(row &+ i) + column,
                        paired ? source.y.row(row &+ i &+ 1) + column : nil,
                        chromaSampleAddress(m, uPlane.row(chromaRow), chromaColumn),
                        chromaSampleAddress(m, vPlane.row(chromaRow), chromaColumn),
                        out0, paired ? out0 + scratchStride : nil, columnCount, bound)
                    i &+= 2
                    pair &+= 1
                    if let tile = previous { placePrevious(upTo: min(tile.columnCount, pair &* strips / pairs &* 16)) }
                }
                if let tile = previous { placePrevious(upTo: tile.columnCount) }
                previous = (scratch, row, rowCount, column, columnCount)
                placed = 0
                current ^= 1
                row &+= rowCount
            }
            column &+= columnCount
        }
        if let tile = previous { placePrevious(upTo: tile.columnCount) }
    }
}

/// Writes a converted tile (`rowCount` source rows from `firstRow`,
/// `columnCount` columns from `firstColumn`, at `scratch` with rows
/// `scratchStride` bytes apart) to its transposed place in `destination`:
/// 16 × 16 blocks by `Level.transposeBlock16` and 8 × 8 ones by
/// `Level.transposeBlock8` where those fit, the rest pixel by pixel; only
/// tile columns `columns` (from a multiple of 16). A tile
/// whose output pixels are whole aligned 64-byte lines (a multiple of 16
/// rows, starting on a line) uses `Stores`; any other uses ordinary
/// stores, so no cache line mixes both kinds.
@inlinable
func placeTransposed<Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ level: Level.Type, _ stores: Stores.Type, _ scratch: UnsafeMutablePointer<UInt8>, _ scratchStride: Int,
    _ destination: BGRAView, _ axes: OrientedAxes, width: Int, height: Int,
    firstRow: Int, rowCount: Int, firstColumn: Int, columnCount: Int, columns: Range<Int>
) {
    let outStride = axes.reversesColumns ? -destination.stride : destination.stride
    let firstOut = destination.row(axes.reversesColumns ? width &- 1 &- firstColumn : firstColumn)
    /// Output x of source row `row`.
    @inline(__always)
    func outputX(_ row: Int) -> Int { axes.reversesRows ? height &- 1 &- row : row }
    let blockColumns = columnCount & ~7
    let blockRows = rowCount & ~7
    let lowestX = axes.reversesRows ? outputX(firstRow &+ rowCount &- 1) : firstRow
    let streams =
        Stores.streams && rowCount & 15 == 0 && Int(bitPattern: firstOut + 4 &* lowestX) & 63 == 0
    /// The `n` × `n` block (8 or 16) of tile rows `i ..< i + n` and columns `j ..< j + n`.
    @inline(__always)
    func block<S: SIMDStoreKind>(_ s: S.Type, _ n: Int, _ i: Int, _ j: Int) {
        let bottomUp = axes.reversesRows
        let from = scratch + ((bottomUp ? i &+ n &- 1 : i) &* scratchStride &+ 4 &* j)
        let x = bottomUp ? outputX(firstRow &+ i &+ n &- 1) : firstRow &+ i
        let rowStride = bottomUp ? -scratchStride : scratchStride
        let to = firstOut + (j &* outStride &+ 4 &* x)
        if n == 16 {
            Level.transposeBlock16(S.self, from: from, rowStride: rowStride, to: to, outStride: outStride)
        } else {
            Level.transposeBlock8(S.self, from: from, rowStride: rowStride, to: to, outStride: outStride)
        }
    }
    /// Blocks of `n` rows from row `i` on while `n` more fit in `rows`, at column `j`.
    @inline(__always)
    func blocks(_ n: Int, from i: Int, below rows: Int, _ j: Int) {
        var i = i
        while i < rows {
            if streams { block(Stores.self, n, i, j) } else { block(CachedStores.self, n, i, j) }
            i &+= n
        }
    }
    // 16 × 16 blocks where they fit (whole 64-byte output lines), then 8 × 8.
    let wideColumns = min(columnCount & ~15, columns.upperBound)
    let wideRows = rowCount & ~15
    var j = columns.lowerBound
    while j < wideColumns {
        blocks(16, from: 0, below: wideRows, j)
        blocks(8, from: wideRows, below: blockRows, j)
        blocks(8, from: wideRows, below: blockRows, j &+ 8)
        j &+= 16
    }
    while j < min(blockColumns, columns.upperBound) {
        blocks(8, from: 0, below: blockRows, j)
        j &+= 8
    }
    // Pixels outside whole blocks: the last rows of every column, then
    // every row of the last columns.
    for j in columns {
        let out = firstOut + j &* outStride
        for i in (j < blockColumns ? blockRows : 0)..<rowCount {
            let pixel = UnsafeRawPointer(scratch + i &* scratchStride).load(fromByteOffset: 4 &* j, as: UInt32.self)
            UnsafeMutableRawPointer(out).storeBytes(
                of: pixel, toByteOffset: 4 &* outputX(firstRow &+ i), as: UInt32.self)
        }
    }
}

/// Converts luma row `y0`, and `y1` when given, which share the chroma
/// rows `u` and `v` (pairs from pixel 0), into `out0` (and `out1`): `width`
/// pixels, by the row-pair kernel where the level converts pairs, else row
/// by row.
@inlinable @inline(__always)
func convertRows<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ m: M.Type, _ level: Level.Type, _ stores: Stores.Type,
    _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>?, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>?, _ width: Int,
    _ bound: UnsafeRawPointer
) {
    if let y1, let out1 {
        if Level.convertsRowPairs {
            convertRowPair(m, level, stores, y0, y1, u, v, out0, out1, width, bound)
        } else {
            convertSingleRow(m, stores, y0, u, v, out0, width, bound)
            convertSingleRow(m, stores, y1, u, v, out1, width, bound)
        }
    } else {
        convertSingleRow(m, stores, y0, u, v, out0, width, bound)
    }
}
