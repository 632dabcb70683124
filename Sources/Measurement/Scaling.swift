import Converters
import Frames
import Peers

/// The scaling section (`--scaling`): `ParallelConverter` over the `simd`
/// converter at several thread counts, against frame size, interleaved
/// with libyuv and the memory floor, so it shows where extra threads stop
/// helping because the conversion has reached the floor.
public enum Scaling {
    /// Thread counts tried on a machine with `cores` processors: 1, 2, the
    /// core count and twice it (oversubscribed), without repeats.
    public static func threadCounts(cores: Int) -> [Int] {
        Array(Set([1, 2, cores, 2 * cores])).sorted()
    }

    /// Measures the parallel converter at each of `threads` (split forced
    /// even for small frames) plus libyuv and the floor, at every size.
    public static func run(
        sizes: [FrameSize], threads: [Int], matrix: ColorMatrix, budget: RunBudget,
        progress: (String) -> Void
    ) throws(ContenderFailure) -> [CellResults] {
        guard let inner = ConverterRegistry.make(SIMDConverter.entry.name) else { return [] }
        let parallel = threads.map { count in
            Contender.converter(
                ParallelConverter(inner: inner, threads: count, minimumParallelPixels: 0),
                id: .threads(count))
        }
        let floorThreads = Set(threads).subtracting([1]).sorted()
        let contenders =
            parallel + [.converter(LibYUVConverter()), .floor()] + floorThreads.map { Contender.floor(threads: $0) }
        let threadsByID = Dictionary(uniqueKeysWithValues: threads.map { (ContenderID.threads($0), $0) })
        return try sizes.map { size throws(ContenderFailure) in
            progress("scaling \(size): preparing frames")
            let frames = SyntheticFrames.frames(size: size, count: ConverterBench.distinctFrames)
            let outputs = contenders.map { _ in BGRABuffer(alignedRowsOf: size) }
            let samples = try InterleavedRun.measure(
                contenders, frames: frames, outputs: outputs, matrix: matrix,
                budget: budget
            ) { done, planned in
                progress("scaling \(size): frame \(done) of ~\(planned)")
            }
            return ConverterBench.summarize(samples, size: size, bitExact: [:], threads: threadsByID)
        }
    }
}
