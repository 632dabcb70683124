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
/// multiple of 16) no cache line is written by two bands. Other
/// orientations split the destination rows and let the inner converter
/// write each band from the whole source (`DestinationBandConverter`).
/// Below `minimumParallelPixels` (a crossover measured once per instance:
/// the smallest frame where the split beats the inner converter alone) it
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

    /// The inner converter's layouts.
    public var layouts: [ChromaLayout] { inner.layouts }

    /// Converts band by band in parallel; see `FrameConverter` for the guarantees.
    ///
    /// Below `minimumParallelPixels` the inner converter converts the whole
    /// frame on the calling thread (and checks the sizes).
    ///
    /// Upright, each band is a frame of its own (source and destination
    /// rows alike). Any other orientation splits the destination rows: the
    /// inner converter writes each band from the whole source
    /// (`DestinationBandConverter`), or converts the whole frame on the
    /// calling thread when it cannot.
    public func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        guard source.width * source.height >= minimumParallelPixels else {
            // The inner converter checks the sizes itself.
            try inner.convert(source, to: destination, matrix: matrix, orientation: orientation)
            return
        }
        checkSizes(source, destination, orientation)
        guard orientation == .upright else {
            try convertOriented(source, to: destination, matrix: matrix, orientation: orientation)
            return
        }
        let bands = Self.bandRows(height: source.height, threads: threads)
        guard bands.count > 1 else {
            try inner.convert(source, to: destination, matrix: matrix)
            return
        }
        let work = BandWork(source: source, destination: destination, bands: bands)
        let inner = self.inner.converter(forBandsOf: destination, orientation: .upright)
        try Self.perform(bands.count) { index throws(ConversionError) in
            let rows = work.bands[index]
            try inner.convert(work.source.band(rows: rows), to: work.destination.band(rows: rows), matrix: matrix)
        }
    }

    /// A non-upright frame in bands of destination rows: a multiple of
    /// `transposedBandAlignment` apart when source columns become rows, else
    /// of 2 (whole chroma row pairs).
    private func convertOriented(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        let alignment = orientation.swapsDimensions ? Self.transposedBandAlignment : 2
        let bands = Self.bandRows(height: destination.height, threads: threads, alignment: alignment)
        guard bands.count > 1,
            let inner = inner.converter(forBandsOf: destination, orientation: orientation)
                as? any DestinationBandConverter
        else {
            try inner.convert(source, to: destination, matrix: matrix, orientation: orientation)
            return
        }
        let work = BandWork(source: source, destination: destination, bands: bands)
        try Self.perform(bands.count) { index throws(ConversionError) in
            try inner.convert(
                work.source, to: work.destination, matrix: matrix, orientation: orientation, rows: work.bands[index])
        }
    }

    /// Runs `body` for `0 ..< count` with `concurrentPerform`, then throws
    /// the first error any iteration threw.
    private static func perform(
        _ count: Int, _ body: @Sendable (Int) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        let failure = Mutex<ConversionError?>(nil)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            do throws(ConversionError) {
                try body(index)
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Band alignment, in destination rows (source columns), of quarter
    /// turns: a multiple of the AVX-512 kernel's 16 × 16 transposed blocks,
    /// so that a band splits into whole blocks, and an even row, where the
    /// turned planes' chroma pairs start at the levels below.
    static let transposedBandAlignment = 16

    /// Bands per thread: more than one, so that a thread slowed by another
    /// process on a shared machine hands its remaining bands to the others
    /// (`concurrentPerform` deals iterations out dynamically).
    static let bandsPerThread = 4
    /// Fewest luma rows in a band, so per-band overhead stays small.
    static let minimumBandRows = 16

    /// Splits `height` rows into bands for `threads` threads: up to
    /// `bandsPerThread × threads` bands of nearly equal size, each at least
    /// `minimumBandRows` tall (except when the frame is smaller), each
    /// starting on a multiple of `alignment` (even by default, so no chroma
    /// row is shared). Bands write disjoint whole destination rows.
    public static func bandRows(height: Int, threads: Int, alignment: Int = 2) -> [Range<Int>] {
        let units = (height + alignment - 1) / alignment
        let bandCount = max(1, min(threads * bandsPerThread, units / max(1, minimumBandRows / alignment)))
        return (0..<bandCount).map { band in
            let start = alignment * (units * band / bandCount)
            let end = min(height, alignment * (units * (band + 1) / bandCount))
            return start..<end
        }
    }
}

/// The frames one parallel conversion shares between its bands. Each band
/// reads the source and writes only its own destination rows, so sharing
/// the views across threads is safe.
private struct BandWork: @unchecked Sendable {
    let source: SourceFrame
    let destination: BGRAView
    let bands: [Range<Int>]
}

extension ParallelConverter {
    /// Its row of the converter table: exact, every orientation, over
    /// `simd`. The conformance tests force its split (crossover 0) even on
    /// small frames, over every inner converter, with thread counts that
    /// leave bands of uneven heights, and check it as the registry makes it.
    public static let entry = ConverterEntry(
        name: "parallel", role: .exact, duties: [.splitsFrames],
        make: { ParallelConverter(inner: SIMDConverter(trials: .registry), threads: $0) },
        conformancePaths: {
            [
                (
                    "parallel(simd, 2 threads)",
                    ParallelConverter(inner: SIMDConverter(), threads: 2, minimumParallelPixels: 0)
                ),
                (
                    "parallel(simd streaming, 2 threads)",
                    ParallelConverter(inner: SIMDConverter(stores: .streaming), threads: 2, minimumParallelPixels: 0)
                ),
                (
                    "parallel(lut, 3 threads)",
                    ParallelConverter(inner: LUTConverter(), threads: 3, minimumParallelPixels: 0)
                ),
                (
                    "parallel(scalar, 7 threads)",
                    ParallelConverter(inner: ScalarConverter(), threads: 7, minimumParallelPixels: 0)
                ),
                ("parallel (registry default)", ParallelConverter(inner: SIMDConverter(trials: .registry))),
            ]
        })
}
