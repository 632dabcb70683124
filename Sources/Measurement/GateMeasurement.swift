import Converters
import Frames
import Statistics

/// One converter's figures in one gate measurement of a size: the paired
/// ratios to libyuv of CPU time (gated) and wall time (shown), and its own
/// per-round CPU ÷ wall time (how many threads it kept busy).
public struct GateMeasurement: Sendable, Equatable {
    /// Median of per-round process CPU time ÷ libyuv's, with its interval.
    public let cpu: RatioEstimate
    /// Median of per-round wall time ÷ libyuv's, with its interval.
    public let wall: RatioEstimate
    /// Median of per-round CPU time ÷ wall time of the converter itself.
    public let threadShare: RatioEstimate

    /// The figures given.
    public init(cpu: RatioEstimate, wall: RatioEstimate, threadShare: RatioEstimate) {
        self.cpu = cpu
        self.wall = wall
        self.threadShare = threadShare
    }

    /// The figures of every converter in `samples` (one interleaved run
    /// that includes libyuv), by label; floors are left out.
    public static func of(_ samples: [CellSamples]) -> [String: GateMeasurement] {
        guard let reference = samples.first(where: { $0.label == Contender.referenceLabel }) else { return [:] }
        var result: [String: GateMeasurement] = [:]
        for sample in samples where !sample.label.hasPrefix(Contender.floorLabel) {
            guard let cpu = RatioEstimate(paired: sample.cpu, over: reference.cpu),
                let wall = RatioEstimate(paired: sample.wall, over: reference.wall),
                let share = RatioEstimate(paired: sample.cpu, over: sample.wall)
            else { continue }
            result[sample.label] = GateMeasurement(cpu: cpu, wall: wall, threadShare: share)
        }
        return result
    }
}

extension GatePolicy {
    /// Whether `converter` should run on several threads at `size` on a
    /// machine with `cores` processors: a parallel converter with more than
    /// one thread, on more than one core, at a size it splits.
    public static func expectsThreads(_ converter: any FrameConverter, at size: FrameSize, cores: Int) -> Bool {
        cores > 1 && Contender.threads(of: converter, at: size) > 1
    }
}
