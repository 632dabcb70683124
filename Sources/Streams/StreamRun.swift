import Conformance
import Containers
import Frames
import Statistics

/// What one end-to-end pass over a stream file measured, serial or pipelined.
public struct StreamRun {
    /// How decode and conversion were arranged.
    public enum Mode: String {
        /// Decode a frame, convert it, hand it off, then the next.
        case serial
        /// Decode frame N+1 while frame N converts, on two Dispatch queues.
        case pipelined
    }

    /// The file's path as given.
    public let path: String
    /// Serial or pipelined.
    public let mode: Mode
    /// The converter used.
    public let converter: String
    /// Shown frames converted and handed off in one pass.
    public let frames: Int
    /// Passes over the file combined in the timings (see `combine`).
    public var passes = 1
    /// The track read, as the file's header describes it (nil when it
    /// could not be read).
    public var track: Track?
    /// The codec the file's header names (nil when it could not be read).
    public var codec: Codec? { track?.codec }
    /// Per-packet decode time, nanoseconds, in decode order (invisible packets included).
    public let decodeTimes: [Double]
    /// Per-frame conversion time, nanoseconds, in hand-off order.
    public let convertTimes: [Double]
    /// Per frame, the decode time of the packet that showed it, nanoseconds,
    /// in hand-off order (paired with `convertTimes` and `latencies`).
    public let shownDecodeTimes: [Double]
    /// Per-frame time from the start of its packet's decode to its hand-off,
    /// nanoseconds, in hand-off order.
    public let latencies: [Double]
    /// Monotonic-clock seconds from the first packet to the last hand-off,
    /// one figure per pass.
    public let passSeconds: [Double]
    /// The decode times of each pass's packets summed, nanoseconds, one
    /// figure per pass (paired with `passSeconds`).
    public let passDecodeTimes: [Double]
    /// The shown-frame timestamp check.
    public let timestamps: TimestampCheck
    /// Whether frames were handed off in decode order (index 0, 1, 2, ...).
    public let inOrder: Bool
    /// Index of the first hand-off stamped earlier than the one before it
    /// (nil: host delivery times never go backwards).
    public let deliveryBackwardsAt: Int?
    /// The error that stopped the decode early, if any.
    public let error: String?

    /// Whether the file is a deliberately broken `bad-ts-*` vector.
    public var expectedBad: Bool { VectorFiles.isExpectedBad(path) }
    /// The distribution of `decodeTimes` (nil when there are none).
    public var decode: Distribution? { Distribution(decodeTimes) }
    /// The distribution of `convertTimes` (nil when there are none).
    public var convert: Distribution? { Distribution(convertTimes) }
    /// The distribution of `latencies` (nil when there are none).
    public var latency: Distribution? { Distribution(latencies) }
    /// Monotonic-clock seconds from the first packet to the last hand-off,
    /// summed over the passes.
    public var seconds: Double { passSeconds.reduce(0, +) }
    /// Shown frames per second over all passes.
    public var framesPerSecond: Double { seconds > 0 ? Double(frames * passes) / seconds : 0 }
    /// Whether shown-frame timestamps only go forward.
    public var timestampsMonotonic: Bool { timestamps.violations.isEmpty }

    /// Per frame, its conversion time ÷ the decode time of its packet, in
    /// hand-off order: both measured a moment apart in the same run, so a
    /// machine that is slower for a whole run moves both and the ratio
    /// keeps only what changed in the conversion. Frames whose decode took
    /// no measurable time are left out.
    public var convertRatiosToDecode: [Double] { Self.ratios(convertTimes, over: shownDecodeTimes) }
    /// Per frame, its latency ÷ the decode time of its packet (as
    /// `convertRatiosToDecode`).
    public var latencyRatiosToDecode: [Double] { Self.ratios(latencies, over: shownDecodeTimes) }
    /// Per pass, its time ÷ the decode time of its packets (as
    /// `convertRatiosToDecode`).
    public var passRatiosToDecode: [Double] { Self.ratios(passSeconds.map { $0 * 1e9 }, over: passDecodeTimes) }

    /// `times[i] / decodes[i]` for each pair with a positive, finite
    /// quotient, in order.
    public static func ratios(_ times: [Double], over decodes: [Double]) -> [Double] {
        zip(times, decodes).compactMap { time, decode in
            let ratio = time / decode
            return ratio > 0 && ratio.isFinite ? ratio : nil
        }
    }

    /// Several passes over the same file in the same mode as one run: the
    /// timing samples (pass after pass) and seconds of all passes together, the frame count,
    /// timestamps and error of the first pass, delivery checked pass by pass.
    public static func combine(_ runs: [StreamRun]) -> StreamRun {
        precondition(!runs.isEmpty, "nothing to combine")
        let first = runs[0]
        var result = StreamRun(
            path: first.path, mode: first.mode, converter: first.converter, frames: first.frames,
            decodeTimes: runs.flatMap(\.decodeTimes), convertTimes: runs.flatMap(\.convertTimes),
            shownDecodeTimes: runs.flatMap(\.shownDecodeTimes), latencies: runs.flatMap(\.latencies),
            passSeconds: runs.flatMap(\.passSeconds), passDecodeTimes: runs.flatMap(\.passDecodeTimes),
            timestamps: first.timestamps,
            inOrder: runs.allSatisfy(\.inOrder), deliveryBackwardsAt: runs.lazy.compactMap(\.deliveryBackwardsAt).first,
            error: first.error)
        result.passes = runs.count
        result.track = first.track
        return result
    }

    /// The index of the first stamp below its predecessor in `stamps` (in
    /// hand-off order), or nil when they never go backwards.
    public static func firstBackwards(_ stamps: [UInt64]) -> Int? {
        zip(stamps, stamps.dropFirst()).enumerated().first { $0.element.1 < $0.element.0 }.map { $0.offset + 1 }
    }
}
