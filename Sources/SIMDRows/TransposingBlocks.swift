import CPrefetch
import Frames

/// A level that converts a 16 × 16 block of source pixels and transposes
/// it in registers, so that a quarter turn needs no scratch between the
/// two (docs/kernel.md, "Orientations").
public protocol SIMDLevelTagTransposingBlocks: SIMDLevelTag {
    /// Converts the 16 × 16 source pixels whose luma rows start at `luma`,
    /// `luma + lumaStride`, ... (16 bytes each; row pairs 0 | 1, 2 | 3, ...
    /// share chroma row `k` at `u + k × chromaStride` and `v + ...`, 8
    /// samples each in `M`'s layout) and writes column `j` of the block as the 16 pixels
    /// (64 bytes) at `to + j × outStride`: pixel `i` is row `i`, or row
    /// `15 - i` when `reversesRows`. Reads and writes exactly those bytes,
    /// stored by `Stores` (64-byte aligned where it streams). `top` holds
    /// 16 lanes of `SIMDRowConstants.upperBound`.
    static func convertBlock16Transposed<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, luma: UnsafePointer<UInt8>, lumaStride: Int,
        u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>, chromaStride: Int,
        to: UnsafeMutablePointer<UInt8>, outStride: Int, reversesRows: Bool, top: SIMD16<UInt16>)

    /// Transposes the 8 × 8 pixels (32-bit lanes) whose rows start at
    /// `from`, `from + rowStride`, ... (`rowStride` in bytes, negative to
    /// take the rows bottom up) into 8 rows of 8 pixels at `to`,
    /// `to + outStride`, ...: output row `j` holds column `j` of the block.
    /// Reads and writes exactly those bytes, stored by `Stores` (32-byte
    /// aligned output rows when it streams); for the tiles around the blocks
    /// (`convertTransposed`).
    static func transposeBlock8<Stores: SIMDStoreKind>(
        _ stores: Stores.Type, from: UnsafeRawPointer, rowStride: Int, to: UnsafeMutableRawPointer, outStride: Int)

    /// `transposeBlock8` for 16 × 16 pixels: output row `j` (64 bytes at
    /// `to + j × outStride`) holds column `j` of the block, 64-byte aligned
    /// when `Stores` streams. The default: four `transposeBlock8`, the two
    /// halves of each output row one after the other.
    static func transposeBlock16<Stores: SIMDStoreKind>(
        _ stores: Stores.Type, from: UnsafeRawPointer, rowStride: Int, to: UnsafeMutableRawPointer, outStride: Int)
}

/// Source columns per strip of a quarter turn in blocks: the blocks of a
/// strip are converted a row block at a time, so each source line read is
/// used up at once.
@inlinable var blockStripColumns: Int { 64 }

extension SIMDLevelTagTransposingBlocks {
    /// Four 8 × 8 blocks (`transposeBlock8`).
    @inlinable @inline(__always)
    public static func transposeBlock16<Stores: SIMDStoreKind>(
        _ stores: Stores.Type, from: UnsafeRawPointer, rowStride: Int, to: UnsafeMutableRawPointer, outStride: Int
    ) {
        for half in 0..<2 {
            let columns = from + 32 &* half
            let rows = to + 8 &* half &* outStride
            transposeBlock8(stores, from: columns, rowStride: rowStride, to: rows, outStride: outStride)
            transposeBlock8(
                stores, from: columns + 8 &* rowStride, rowStride: rowStride, to: rows + 32, outStride: outStride)
        }
    }

    /// Whole 16 × 16 blocks (`convertBlock16Transposed`) where they fit,
    /// starting on chroma pairs and ending on the output's 16-pixel lines;
    /// the columns and rows around them by `convertTransposed`.
    @inlinable @inline(__always)
    public static func convertQuarterTurn<M: SIMDRowMatrix, Stores: SIMDStoreKind>(
        _ m: M.Type, _ stores: Stores.Type, _ source: SourceFrame, _ destination: BGRAView, _ axes: OrientedAxes,
        columns: Range<Int>
    ) {
        let width = source.width
        let height = source.height
        let columnPhase = axes.columnPhase(width: width)
        let rowPhase = axes.rowPhase(height: height)
        let first = columns.lowerBound &+ (columns.lowerBound &+ columnPhase) & 1
        let blockColumns = max(0, columns.upperBound &- first) & ~15
        let rowBlocks = height &>> 4
        /// Tiles for source columns `columns` of source rows `rows`.
        @inline(__always)
        func tiles(_ columns: Range<Int>, _ rows: Range<Int>) {
            convertTransposed(m, Self.self, stores, source, destination, axes, columns: columns, sourceRows: rows)
        }
        guard blockColumns > 0 && rowBlocks > 0 else {
            tiles(columns, 0..<height)
            return
        }
        let blocked = first..<(first &+ blockColumns)
        // Blocks end at the bottom when rows run backwards (their output
        // lines start at x = 0), else start at the top.
        let blockRows = axes.reversesRows ? (height &- rowBlocks &* 16)..<height : 0..<(rowBlocks &* 16)
        tiles(columns.lowerBound..<blocked.lowerBound, 0..<height)
        tiles(blocked, 0..<blockRows.lowerBound)
        let outStride = axes.reversesColumns ? -destination.stride : destination.stride
        let top = SIMDRowConstants.upperBound.load(as: SIMD16<UInt16>.self)
        let lumaStride = source.y.stride
        let (uPlane, vPlane) = (source.u, source.v)
        let chromaStride = uPlane.stride
        var strip = blocked.lowerBound
        while strip < blocked.upperBound {
            let stripEnd = min(strip &+ blockStripColumns, blocked.upperBound)
            var row = blockRows.lowerBound
            while row < blockRows.upperBound {
                let chromaRow = (row &+ rowPhase) &>> 1
                let x = axes.reversesRows ? height &- 16 &- row : row
                let luma = source.y.row(row)
                let u = uPlane.row(chromaRow)
                let v = vPlane.row(chromaRow)
                // The next row block's lines of this strip, asked for now:
                // read down a column strip, a line a row, the source is not
                // prefetched by the hardware (without this, rotate90 took
                // 1.33-1.45x upright's time at 1920x1080 instead of 1.18-1.23).
                let next = row &+ 16
                if next < blockRows.upperBound {
                    let nextChroma = (next &+ rowPhase) &>> 1
                    let chromaColumn = ((strip &+ columnPhase) &>> 1) &* M.Chroma.step
                    for k in 0..<16 {
                        framebench_prefetch(source.y.row(next &+ k) + strip)
                        framebench_prefetch(source.y.row(next &+ k) + (stripEnd &- 1))
                    }
                    for k in 0..<8 {
                        framebench_prefetch(uPlane.row(nextChroma &+ k) + chromaColumn)
                        framebench_prefetch(vPlane.row(nextChroma &+ k) + chromaColumn)
                    }
                }
                var column = strip
                while column < stripEnd {
                    let chromaColumn = (column &+ columnPhase) &>> 1
                    let outRow = axes.reversesColumns ? width &- 1 &- column : column
                    convertBlock16Transposed(
                        m, stores, luma: luma + column, lumaStride: lumaStride,
                        u: chromaSampleAddress(m, u, chromaColumn),
                        v: chromaSampleAddress(m, v, chromaColumn), chromaStride: chromaStride,
                        to: destination.row(outRow) + 4 &* x,
                        outStride: outStride, reversesRows: axes.reversesRows, top: top)
                    column &+= 16
                }
                row &+= 16
            }
            strip = stripEnd
        }
        tiles(blocked, blockRows.upperBound..<height)
        tiles(blocked.upperBound..<columns.upperBound, 0..<height)
    }
}
