import Converters
import Dispatch
import Frames
import SIMDRows
import Statistics

/// How the memory floor writes the BGRA bytes.
public enum FloorStores: String, Sendable, CaseIterable {
    /// Ordinary vector stores, through the caches.
    case cached
    /// Non-temporal (streaming) vector stores for every whole 64-byte line
    /// of a row, ordinary stores for the bytes before and after them, and
    /// one fence per pass (per band with threads).
    case streaming
}

/// How a floor pass walks the frame: how many pixels of a row pair it
/// reads before writing them, or a plane at a time.
public enum FloorShape: String, Sendable, CaseIterable {
    /// 64 pixels at a time in the row kernel's own walk and order
    /// (`floorBlocksPass`): a block's source bytes read, then the two
    /// destination rows' lines written two at a time in turn, as
    /// `convertPairBlock64` moves them, with no bookkeeping a block.
    case blocks
    /// 64 pixels at a time as `blocks`, each block first asking for its
    /// source bytes of the next row pair (software prefetch): where the
    /// source has left the caches between two frames, its lines are on
    /// their way before they are read.
    case prefetched
    /// 256 pixels at a time (`floorPiece`).
    case pieces
    /// The whole row pair at once: both luma rows and the chroma row read,
    /// then both destination rows written.
    case wholeRows = "whole-rows"
    /// One row at a time, 256 pixels at a time: the first row's luma and
    /// chroma, then its pixels; then the second row's luma, then its
    /// pixels, as libyuv's row functions go.
    case rows
    /// A plane at a time: every source plane row by row, then the
    /// destination (as one range when its rows are contiguous), with none
    /// of a row pair's bookkeeping (`floorPlanesPass`).
    case planes

    /// Pixels of a row (pair) read before they are written (a whole plane
    /// for `planes`).
    public var pieceSize: Int {
        switch self {
        case .blocks, .prefetched: 64
        case .pieces, .rows: floorPiece
        case .wholeRows, .planes: .max
        }
    }
}

/// One way a floor pass can move a frame's bytes: its shape and its stores.
/// Which is fastest depends on the machine, the size and what else runs
/// (docs/kernel.md, "Floors"), so a floor measures them all and keeps the
/// fastest (`CellSamples.fastest`).
public struct FloorMethod: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// How it walks a row pair.
    public var shape: FloorShape
    /// How it writes.
    public var stores: FloorStores

    /// A method with this shape and these stores.
    public init(shape: FloorShape, stores: FloorStores) {
        (self.shape, self.stores) = (shape, stores)
    }

    /// Every shape with every kind of store, pieces first (the shape
    /// reports measured before there were others).
    public static let allCases = [FloorShape.pieces, .blocks, .wholeRows, .rows, .planes, .prefetched].flatMap {
        shape in
        FloorStores.allCases.map { FloorMethod(shape: shape, stores: $0) }
    }

    /// `cached`, `streaming` (pieces, the shape reports named before there
    /// were others), `blocks cached`, …, `prefetched streaming`.
    public var description: String {
        shape == .pieces ? stores.rawValue : "\(shape.rawValue) \(stores.rawValue)"
    }
}

/// The memory floor of converting frames of one size: the least work that
/// moves the bytes a converter moves, so that `time ÷ floor` says how far a
/// converter is from being memory-bound.
///
/// One pass reads every meaningful I420 byte once (each plane row by row at
/// its stride, `width` bytes a row, never padding) with vector loads (the
/// widest of `level`, or 32 bytes as the row kernel reads for `blocks`),
/// folding them into an OR so the loads cannot be removed, and writes every BGRA pixel byte once (`width × 4` bytes a row
/// at the destination stride, never padding) with the value 0xFF, with
/// ordinary or streaming stores (`method.stores`). Bytes go a piece at a time,
/// each piece read, then its BGRA pixels written, as `method.shape` says: 64-pixel
/// blocks of a row pair in the row kernel's own walk and order, the same
/// blocks prefetching the next row pair's, pieces of 256 pixels of a row
/// pair, whole row pairs, or one row at a time (as libyuv goes); or a plane at a time,
/// every source plane read, then the destination written. With more than one
/// thread the frame is split into the same bands as `ParallelConverter`
/// uses.
///
/// Not thread-safe: one `run` at a time per instance.
public final class MemoryFloor {
    /// The frame size this floor moves the bytes of.
    public let size: FrameSize
    /// The instruction-set level of the loads and stores: the one asked for,
    /// or the highest supported level below it (never one the CPU lacks).
    /// At `avx512vbmi` the pass is AVX-512's: VBMI adds no instruction that
    /// moves memory.
    public let level: SIMDLevel
    /// `level`'s row of the level table: the passes it runs.
    private let kernels: SIMDLevelKernels
    /// Threads (and the `ParallelConverter` band split) of a pass; 1 runs on
    /// the calling thread.
    public let threads: Int
    /// How a pass walks the rows and writes the destination: at first in
    /// 256-pixel pieces of row pairs with ordinary stores (`InterleavedRun`
    /// times a floor of each method and keeps the fastest).
    public var method = FloorMethod(shape: .pieces, stores: .cached)
    /// The bitwise OR of every I420 byte the last pass read (0 before the
    /// first): kept so the reads are observable and cannot be optimised away.
    public private(set) var sourceBits: UInt8 = 0

    /// The luma rows of each band (one band when `threads` is 1).
    private let bands: [Range<Int>]
    /// One slot a band for its OR, so bands never share a result.
    private let bandBits: UnsafeMutablePointer<UInt8>

    /// A floor for `size` frames at `level` (capped at what this CPU and
    /// FRAMEBENCH_SIMD allow) on `threads` threads (at least 1). Allocates
    /// everything a pass needs, so `run` allocates nothing itself.
    public init(size: FrameSize, level: SIMDLevel = .best, threads: Int = 1) {
        self.size = size
        self.level = SIMDLevel.supported.last { $0 <= level } ?? .baseline
        kernels = SIMDLevelTable.kernels(for: self.level)
        self.threads = max(1, threads)
        bands =
            self.threads > 1
            ? ParallelConverter.bandRows(height: size.height, threads: self.threads)
            : [0..<size.height]
        bandBits = .allocate(capacity: max(1, bands.count))
        bandBits.initialize(repeating: 0, count: max(1, bands.count))
    }

    deinit { bandBits.deallocate() }

    /// One floor pass: reads every meaningful byte of `source` once and sets
    /// every pixel byte of `destination` to 0xFF once, touching no padding
    /// and nothing outside the planes; returns once every byte is written
    /// and visible to the caller. With `threads > 1` the bands run over
    /// `DispatchQueue.concurrentPerform`, each reading its luma rows and
    /// their chroma rows and writing its own destination rows.
    /// - Precondition: both frames are `size`.
    public func run(_ source: SourceFrame, to destination: BGRAView) {
        precondition(source.size == size && destination.size == size, "frames are not the floor's size")
        let streaming = method.stores == .streaming
        let shape = method.shape
        guard bands.count > 1 else {
            sourceBits = Self.pass(kernels, source, to: destination, shape: shape, streaming: streaming)
            return
        }
        let work = BandWork(source: source, destination: destination, bands: bands, results: bandBits)
        let kernels = self.kernels
        DispatchQueue.concurrentPerform(iterations: bands.count) { index in
            let rows = work.bands[index]
            work.results[index] = Self.pass(
                kernels, work.source.band(rows: rows), to: work.destination.band(rows: rows), shape: shape,
                streaming: streaming)
        }
        var bits: UInt8 = 0
        for index in 0..<bands.count { bits |= bandBits[index] }
        sourceBits = bits
    }

    /// One pass of `shape` over a frame or band with a level's passes (`kernels`).
    private static func pass(
        _ kernels: SIMDLevelKernels, _ source: SourceFrame, to destination: BGRAView, shape: FloorShape,
        streaming: Bool
    ) -> UInt8 {
        switch shape {
        case .planes: kernels.floorPlanesPass(source, destination, streaming)
        case .blocks, .prefetched: kernels.floorBlocksPass(source, destination, streaming, shape == .prefetched)
        case .pieces, .wholeRows, .rows:
            kernels.floorPass(source, destination, streaming, shape.pieceSize, shape == .rows)
        }
    }
}

/// What the bands of one threaded pass share. Each band reads the source
/// and writes only its own destination rows and its own result slot, so
/// sharing them across threads is safe.
private struct BandWork: @unchecked Sendable {
    let source: SourceFrame
    let destination: BGRAView
    let bands: [Range<Int>]
    let results: UnsafeMutablePointer<UInt8>
}
