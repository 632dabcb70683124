import Dispatch
import Foundation
import Frames
import Statistics

/// Measures where splitting a frame across threads starts to pay.
enum ParallelCrossover {
    /// Frame sizes tried, smallest first (luma pixels: 4 K … 512 K), all
    /// below `largestCrossover`, which holds whatever is measured there.
    static let candidates: [FrameSize] = [
        FrameSize(width: 64, height: 64), FrameSize(width: 128, height: 64), FrameSize(width: 128, height: 128),
        FrameSize(width: 256, height: 128), FrameSize(width: 256, height: 256), FrameSize(width: 512, height: 256),
        FrameSize(width: 512, height: 512), FrameSize(width: 1024, height: 512),
    ]

    /// Idle time before each timed conversion, in microseconds: long enough
    /// for an idle core to go to sleep, as it does between the frames of a
    /// call, since waking it is most of the cost of splitting (what was
    /// measured: docs/measurements.md#parallel-crossover).
    static let idleMicroseconds: UInt32 = 1000

    /// The smallest candidate pixel count at which converting on `threads`
    /// threads beats the inner converter alone by at least 10 %, measured
    /// side by side (medians of interleaved runs, each after
    /// `idleMicroseconds` of sleep, the real dispatch included). Takes up to
    /// about half a second. With one thread, `Int.max` (never split);
    /// otherwise at most `largestCrossover`, so a measurement taken while
    /// another process held a core never stops large frames from splitting.
    static func measure(inner: any FrameConverter, threads: Int) -> Int {
        guard threads > 1 else { return Int.max }
        for size in candidates {
            let source = I420Buffer(size: size)
            let target = BGRABuffer(size: size)
            let bands = ParallelConverter.bandRows(height: size.height, threads: threads)
            let split = ParallelConverter(inner: inner, threads: threads, minimumParallelPixels: 0)
            // Alone as the bands store (an automatic SIMD converter's store
            // kind fixed as for the whole frame), not through a store trial.
            let single = inner.converter(forBandsOf: target.view, orientation: .upright)
            var alone: [UInt64] = []
            var together: [UInt64] = []
            for round in 0..<12 {
                let a = time { try? single.convert(source.view, to: target.view, matrix: .bt601) }
                let b = time { try? split.convert(source.view, to: target.view, matrix: .bt601) }
                if round >= 2 {  // the first rounds warm caches and threads
                    alone.append(a)
                    together.append(b)
                }
            }
            if bands.count > 1, let both = Percentile.median(together), let single = Percentile.median(alone),
                both * 10 < single * 9
            {
                return min(size.pixelCount, largestCrossover)
            }
        }
        return largestCrossover
    }

    /// 1024 × 1024, between 1280 × 720 and 1920 × 1080: from this size up,
    /// splitting pays on any multi-core machine whose other cores are not
    /// busy (docs/measurements.md#parallel-crossover).
    static let largestCrossover = 1024 * 1024

    /// Nanoseconds `body` takes, after `idleMicroseconds` of sleep.
    private static func time(_ body: () -> Void) -> UInt64 {
        usleep(idleMicroseconds)
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return DispatchTime.now().uptimeNanoseconds - start
    }
}
