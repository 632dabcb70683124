import Frames

// The tiles of converted pixels around an AVX-512 quarter turn's blocks
// (`SIMDLevelTagTransposingBlocks`): up to 32 source rows × 128 columns
// converted by the upright row kernel into one of two 16 KiB scratches,
// each placed a 16-column strip at a time while the next one converts, as
// 16 × 16 (else 8 × 8) blocks of pixels written transposed. Source rows
// are taken bottom up when they run backwards, output rows stepped
// backwards when columns do (docs/kernel.md, "Quarter turns in tiles").

/// Source rows per tile of a quarter turn.
@inlinable var tileRows: Int { 32 }
/// Source columns per tile of a quarter turn (tile scratch row: 512 bytes):
/// two whole 64-byte lines of luma, so each source line a tile reads is used
/// up at once (the shapes measured against it: docs/kernel.md, "Quarter
/// turns in tiles").
@inlinable var tileColumns: Int { 128 }

/// The rows and columns around a quarter turn's blocks
/// (`SIMDLevelTagTransposingBlocks`): tiles of source rows × columns
/// converted into a scratch, then transposed into their destination rows
/// (source columns): source columns `columns` of source rows `sourceRows`,
/// which start at row 0 or where a pair of rows sharing a chroma row does.
@inlinable
public func convertTransposed<M: SIMDRowMatrix, Level: SIMDLevelTagTransposingBlocks, Stores: SIMDStoreKind>(
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
func placeTransposed<Level: SIMDLevelTagTransposingBlocks, Stores: SIMDStoreKind>(
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
