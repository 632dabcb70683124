import Dispatch
import Frames

/// Measures where splitting a frame across threads starts to pay.
enum ParallelCrossover {
    /// Frame sizes tried, smallest first (luma pixels: 4 K … 256 K).
    static let candidates: [FrameSize] = [
        FrameSize(width: 64, height: 64), FrameSize(width: 128, height: 64), FrameSize(width: 128, height: 128),
        FrameSize(width: 256, height: 128), FrameSize(width: 256, height: 256), FrameSize(width: 512, height: 256),
        FrameSize(width: 512, height: 512),
    ]

    /// The smallest candidate pixel count at which converting on `threads`
    /// threads beats the inner converter alone by at least 10 %, measured
    /// side by side (medians of interleaved runs, the real dispatch included:
    /// waking the worker threads is most of the cost at small sizes). Takes
    /// a few tens of milliseconds. With one thread, `Int.max` (never split);
    /// otherwise at most `largestCrossover`, so a measurement taken while
    /// another process held a core never stops large frames from splitting.
    static func measure(inner: any FrameConverter, threads: Int) -> Int {
        guard threads > 1 else { return Int.max }
        for size in candidates {
            let source = I420Buffer(size: size)
            let target = BGRABuffer(size: size)
            let bands = ParallelConverter.bandRows(height: size.height, threads: threads)
            let split = ParallelConverter(inner: inner, threads: threads, minimumParallelPixels: 0)
            var alone: [UInt64] = [], together: [UInt64] = []
            for round in 0..<12 {
                let a = time { inner.convert(source.view, to: target.view, matrix: .bt601) }
                let b = time { split.convert(source.view, to: target.view, matrix: .bt601) }
                if round >= 2 {  // the first rounds warm caches and threads
                    alone.append(a)
                    together.append(b)
                }
            }
            if bands.count > 1, median(together) * 10 < median(alone) * 9 {
                return min(size.pixelCount, largestCrossover)
            }
        }
        return largestCrossover
    }

    /// 512 × 512: above this, splitting pays on any idle multi-core machine.
    static let largestCrossover = 512 * 512

    private static func time(_ body: () -> Void) -> UInt64 {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return DispatchTime.now().uptimeNanoseconds - start
    }

    private static func median(_ values: [UInt64]) -> UInt64 {
        values.sorted()[values.count / 2]
    }
}
