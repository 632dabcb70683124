import Frames
import Synchronization

// Oriented conversion in one pass from the source planes (docs/kernel.md,
// "Orientations"): every source pixel is converted by the upright row
// kernel with the chroma sample its orientation gives it
// (`OrientedAxes`), then placed; below AVX-512 a quarter turn converts
// tiles of the turned planes upright instead.
//
// - Orientations that keep rows as rows (upright, mirror, 180 degrees and
//   its mirror, a vertical flip) convert source rows from the top straight
//   into the destination rows they become; when columns run backwards,
//   from a scratch copy of pieces of the rows with their bytes reversed
//   (`SIMDLevelTag.reverseBytes`), each plane on its own width; at
//   AVX2 and AVX-512 row pairs of an even width of 64 pixels or more
//   convert upright blocks and write their pixels in reverse
//   (`SIMDLevelTagMirroringBlocks`).
// - Quarter turns transpose tiles of the source planes into a scratch
//   and convert them upright from there (`convertThroughTransposedPlanes`,
//   TransposedPlanes.swift). A level that transposes blocks in registers
//   (`SIMDLevelTagTransposingBlocks`: AVX-512) converts whole 16 × 16
//   blocks straight into their 64-byte output lines instead, and the rows
//   and columns around them in tiles of converted pixels
//   (`convertTransposed`, TransposedTiles.swift).
//
// Along a reversed axis of odd length the chroma pairs start at 1: pixel
// 0 takes sample 0 alone, then pixels 1 and 2 share sample 1, and so on.
// Rows then pair as 0 | 1, 2 | 3, 4 ...; in a quarter turn's tiles of
// converted pixels (AVX-512), column 0 is then a tile of its own, one
// column wide. Rows whose columns run backwards need no column phase:
// their reversed copies are rows of the mirrored planes, pairs from 0, as
// turned planes' rows and columns are.

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
