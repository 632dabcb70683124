import Dispatch
import Frames

/// Measures where splitting a frame across threads starts to pay.
enum ParallelCrossover {
    /// The pixel count above which `threads` bands beat one thread: the
    /// point where the time saved (half the inner converter's time) exceeds
    /// the measured cost of one `concurrentPerform` round. Takes a few
    /// milliseconds.
    static func measure(inner: any FrameConverter, threads: Int) -> Int {
        guard threads > 1 else { return Int.max }
        let size = FrameSize(width: 256, height: 64)
        let source = I420Buffer(size: size)
        let target = BGRABuffer(size: size)
        let convertTime = median(repeats: 15) {
            inner.convert(source.view, to: target.view, matrix: .bt601)
        }
        let dispatchTime = median(repeats: 31) {
            DispatchQueue.concurrentPerform(iterations: threads) { _ in }
        }
        let perPixel = max(convertTime / Double(size.pixelCount), 1e-12)
        // Parallel time ≈ t / threads + dispatch; worth it when t - t / threads > 2 × dispatch.
        let saving = 1 - 1 / Double(threads)
        return Int(min(2 * dispatchTime / (perPixel * saving), Double(1 << 30)))
    }

    private static func median(repeats: Int, _ body: () -> Void) -> Double {
        body()
        var times: [Double] = []
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        return times.sorted()[repeats / 2]
    }
}
