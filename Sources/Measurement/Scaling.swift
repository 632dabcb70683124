import Converters
import Frames
import Peers
import Reports

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
            var result = ConverterBench.summarize(samples, size: size, bitExact: [:], threads: threadsByID)
            result.cells = zip(result.samples, result.cells).map { sample, entry in
                Self.scalingEntry(entry, of: sample.id, size: size)
            }
            return result
        }
    }

    /// `entry`, the cell entry of `contender`, as the scaling section's
    /// entry at `size`: named `scaling/C/WxH`, with its thread count, and no
    /// layout (scaling cells convert I420 frames, named as before layouts).
    static func scalingEntry(_ entry: ReportEntry, of contender: ContenderID, size: FrameSize) -> ReportEntry {
        var entry = entry
        let name = EntryName.scaling(contender: contender.description, size: "\(size)").description
        entry.name = name
        entry.runName = name
        entry.layout = nil
        if case .threads(let count) = contender { entry.threads = count }
        return entry
    }
}
