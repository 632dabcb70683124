import Converters
import Frames

/// One contender's figures at one frame size.
struct CellResult {
    /// The contender's label (`scalar`, ..., `libyuv`, `floor`).
    let label: String
    /// The frame size measured.
    let size: FrameSize
    /// Per-frame wall time, nanoseconds.
    let wall: Distribution
    /// Mean process CPU time per frame, nanoseconds (all threads).
    let cpuMean: Double
    /// Median of per-round `time ÷ libyuv's time` (below 1: faster than libyuv).
    let ratioToLibyuv: Double?
    /// Median of per-round `process CPU time ÷ libyuv's`: the work ratio,
    /// which other processes competing for the cores barely move (the gate
    /// compares this one).
    let cpuRatioToLibyuv: Double?
    /// Median of per-round `time ÷ floor's time` (1: as fast as moving the bytes).
    let ratioToFloor: Double?
    /// Median of per-round `time ÷ scalar's time`, when the scalar reference ran.
    let ratioToScalar: Double?
    /// Whether the output equals libyuv's on every synthetic frame (nil for the floor).
    let bitExact: Bool?

    /// Bytes a conversion of `size` reads (I420, no padding) plus writes (BGRA).
    static func bytesMoved(_ size: FrameSize) -> Int { size.i420ByteCount + 4 * size.pixelCount }

    /// Megapixels per second at the median frame time.
    var megapixelsPerSecond: Double { Double(size.pixelCount) / wall.median * 1e3 }
    /// Effective gigabytes per second (bytes read + written) at the median frame time.
    var gigabytesPerSecond: Double { Double(Self.bytesMoved(size)) / wall.median }
}

/// Every contender at one frame size.
struct SizeResult {
    /// The frame size.
    let size: FrameSize
    /// Rounds measured (frames per contender).
    let rounds: Int
    /// One result per contender, converters first and the floor last.
    let cells: [CellResult]
}

/// The synthetic-frame section: every converter and the memory floor at
/// each size, interleaved, with ratios to libyuv and to the floor, and a
/// bit-exactness check against libyuv on the same frames.
enum ConverterBench {
    /// Distinct synthetic frames cycled through at each size.
    static let distinctFrames = 3

    /// Measures `converters` (libyuv must be among them) at every size in `sizes`.
    /// `progress(text)` receives a short status for the progress line.
    static func run(converters: [any FrameConverter], sizes: [FrameSize], matrix: ColorMatrix,
                    budget: RunBudget, progress: (String) -> Void) -> [SizeResult] {
        precondition(converters.contains { $0.name == Contender.referenceLabel }, "libyuv is the reference")
        let contenders = converters.map { Contender.converter($0) } + [.floor]
        return sizes.map { size in
            progress("synthetic \(size): preparing frames")
            let frames = SyntheticFrames.frames(size: size, count: distinctFrames)
            let outputs = contenders.map { _ in BGRABuffer(size: size) }
            let samples = InterleavedRun.measure(contenders, frames: frames, outputs: outputs, matrix: matrix,
                                                 budget: budget) { done, planned in
                progress("synthetic \(size): frame \(done) of ~\(planned)")
            }
            progress("synthetic \(size): checking bit-exactness")
            let exact = bitExactness(converters, frames: frames, matrix: matrix)
            return summarize(samples, size: size, bitExact: exact)
        }
    }

    /// Turns samples into results: distributions, paired ratios against the
    /// `libyuv`, `floor` and `scalar` labels (when present), and bit-exactness by label.
    static func summarize(_ samples: [CellSamples], size: FrameSize, bitExact: [String: Bool]) -> SizeResult {
        let reference = samples.first { $0.label == Contender.referenceLabel }
        let floor = samples.first { $0.label == Contender.floorLabel }?.wall
        let scalar = samples.first { $0.label == Contender.scalarLabel }?.wall
        let cells = samples.compactMap { sample -> CellResult? in
            guard let wall = Distribution(sample.wall), let cpu = Distribution(sample.cpu) else { return nil }
            return CellResult(
                label: sample.label, size: size, wall: wall, cpuMean: cpu.mean,
                ratioToLibyuv: reference.flatMap { PairedRatio.median(sample.wall, over: $0.wall) },
                cpuRatioToLibyuv: reference.flatMap { PairedRatio.median(sample.cpu, over: $0.cpu) },
                ratioToFloor: floor.flatMap { PairedRatio.median(sample.wall, over: $0) },
                ratioToScalar: scalar.flatMap { PairedRatio.median(sample.wall, over: $0) },
                bitExact: bitExact[sample.label])
        }
        return SizeResult(size: size, rounds: samples.first?.wall.count ?? 0, cells: cells)
    }

    /// For each converter, whether it matches libyuv on every frame of `frames`.
    static func bitExactness(_ converters: [any FrameConverter], frames: [I420Buffer],
                             matrix: ColorMatrix) -> [String: Bool] {
        let checker = BitExactChecker()
        var result: [String: Bool] = [:]
        for frame in frames {
            checker.load(frame.view, matrix: matrix)
            for converter in converters {
                result[converter.name] = (result[converter.name] ?? true) && checker.matches(converter)
            }
        }
        return result
    }
}
