import Conformance
import Containers
import Converters
import Decoding
import Frames
import Statistics

/// The serial end-to-end pass: read, decode, convert and hand off each
/// shown frame in turn, as a simple player would, timing each step on the
/// monotonic clock and stamping each hand-off as an app would stamp a
/// sample buffer.
public enum EndToEnd {
    /// Runs the serial pass over `path` (its video track `track`, 1-based;
    /// nil: the first) with `converter` and `matrix`.
    /// Never throws: a read or decode error ends the pass and is recorded
    /// (with the frames before it).
    public static func run(
        path: String, track: Int? = nil, converter: any FrameConverter, matrix: ColorMatrix
    ) -> StreamRun {
        var decodeTimes: [Double] = []
        var convertTimes: [Double] = []
        var shownDecodeTimes: [Double] = []
        var latencies: [Double] = []
        var shown: [ShownFrameTime] = []
        var stamps: [UInt64] = []
        var failure: String?
        var readTrack: Track?
        let start = Clock.monotonic()
        do {
            readTrack = try ConvertedStream.run(
                path: path, track: track, converter: converter, matrix: matrix, clock: Clock.monotonic,
                onPacket: { _, timing in
                    if let timing { decodeTimes.append(Double(timing.decodeTime)) }
                }
            ) { frame, _ in
                let handOff = Clock.monotonic()
                shown.append(ShownFrameTime(index: shown.count, of: frame))
                if let timing = frame.timing {
                    convertTimes.append(Double(handOff &- timing.handedOver))
                    shownDecodeTimes.append(Double(timing.decodeTime))
                    latencies.append(Double(handOff &- timing.started))
                }
                stamps.append(handOff)
            }.track
        } catch {
            readTrack = error.summary?.track
            failure = "\(error)"
        }
        var run = StreamRun(
            path: path, mode: .serial, converter: converter.name, frames: shown.count,
            decodeTimes: decodeTimes, convertTimes: convertTimes, shownDecodeTimes: shownDecodeTimes,
            latencies: latencies, passSeconds: [Clock.seconds(since: start)],
            passDecodeTimes: [decodeTimes.reduce(0, +)], timestamps: TimestampCheck(frames: shown),
            inOrder: true, deliveryBackwardsAt: StreamRun.firstBackwards(stamps), error: failure)
        run.track = readTrack
        return run
    }
}
