import Dispatch
import Foundation
import Frames
import Synchronization

/// Runs another converter on horizontal bands of the frame at once, with
/// `DispatchQueue.concurrentPerform`.
///
/// Bands are whole chroma rows (an even number of luma rows) so no chroma
/// row is shared, and each band writes its own destination rows only; with
/// a destination stride that is a multiple of 64 bytes (any width that is a
/// multiple of 16) no cache line is written by two bands. Below
/// `minimumParallelPixels` (a crossover measured once per instance: the
/// smallest frame where the split beats the inner converter alone) it
/// converts on the calling thread, so small frames never pay for waking
/// threads.
public struct ParallelConverter: FrameConverter {
    /// `"parallel"`.
    public let name = "parallel"
    /// The converter each band runs.
    public let inner: any FrameConverter
    /// Number of threads (and bands) used for large frames.
    public let threads: Int
    /// Frames with fewer pixels than this are converted on one thread.
    public let minimumParallelPixels: Int

    /// A parallel converter over `inner` with `threads` threads (default:
    /// the active processor count). `minimumParallelPixels` nil measures the
    /// crossover on this machine.
    public init(inner: any FrameConverter, threads: Int? = nil, minimumParallelPixels: Int? = nil) {
        self.inner = inner
        self.threads = max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
        self.minimumParallelPixels =
            minimumParallelPixels
            ?? ParallelCrossover.measure(inner: inner, threads: self.threads)
    }

    /// Converts band by band in parallel; see `FrameConverter` for the guarantees.
    public func convert(
        _ source: I420View, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        checkSizes(source, destination, orientation)
        guard source.width * source.height >= minimumParallelPixels, orientation == .upright else {
            try inner.convert(source, to: destination, matrix: matrix, orientation: orientation)
            return
        }
        let bands = Self.bandRows(height: source.height, threads: threads)
        guard bands.count > 1 else {
            try inner.convert(source, to: destination, matrix: matrix)
            return
        }
        let work = BandWork(source: source, destination: destination, bands: bands)
        let inner = self.inner.converter(forBandsOf: destination)
        let failure = Mutex<ConversionError?>(nil)
        DispatchQueue.concurrentPerform(iterations: bands.count) { index in
            let rows = work.bands[index]
            do throws(ConversionError) {
                try inner.convert(work.source.band(rows: rows), to: work.destination.band(rows: rows), matrix: matrix)
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Bands per thread: more than one, so that a thread slowed by another
    /// process on a shared machine hands its remaining bands to the others
    /// (`concurrentPerform` deals iterations out dynamically).
    static let bandsPerThread = 4
    /// Fewest luma rows in a band, so per-band overhead stays small.
    static let minimumBandRows = 16

    /// Splits `height` rows into bands for `threads` threads: up to
    /// `bandsPerThread × threads` bands of nearly equal size, each at least
    /// `minimumBandRows` tall (except when the frame is smaller), each
    /// starting on an even row so no chroma row is shared. Bands write
    /// disjoint whole destination rows.
    public static func bandRows(height: Int, threads: Int) -> [Range<Int>] {
        let pairs = (height + 1) / 2
        let bandCount = max(1, min(threads * bandsPerThread, pairs / (minimumBandRows / 2)))
        return (0..<bandCount).map { band in
            let start = 2 * (pairs * band / bandCount)
            let end = min(height, 2 * (pairs * (band + 1) / bandCount))
            return start..<end
        }
    }
}

/// The frames one parallel conversion shares between its bands. Each band
/// reads the source and writes only its own destination rows, so sharing
/// the views across threads is safe.
private struct BandWork: @unchecked Sendable {
    let source: I420View
    let destination: BGRAView
    let bands: [Range<Int>]
}
