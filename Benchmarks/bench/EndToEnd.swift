import Conformance
import Converters
import Frames

/// The serial end-to-end pass: read, decode, convert and hand off each
/// shown frame in turn, as a simple player would, timing each step on the
/// monotonic clock and stamping each hand-off as an app would stamp a
/// sample buffer.
enum EndToEnd {
    /// Runs the serial pass over `path` with `converter` and `matrix`.
    /// Never throws: a read or decode error ends the pass and is recorded.
    static func run(path: String, converter: any FrameConverter, matrix: ColorMatrix) -> StreamRun {
        var decodeTimes: [Double] = [], convertTimes: [Double] = [], latencies: [Double] = []
        var shown: [ShownFrameTime] = []
        var stamps: [UInt64] = []
        var target: BGRABuffer?
        var failure: String?
        let start = Clock.monotonic()
        do {
            try TimedDecode.run(path: path, onDecodeTime: { decodeTimes.append($0) }) { frame in
                shown.append(frame.shownFrame)
                if target?.size != frame.image.size { target = BGRABuffer(size: frame.image.size) }
                converter.convert(frame.image, to: target!.view, matrix: matrix)
                let handOff = Clock.monotonic()
                convertTimes.append(Double(handOff &- frame.handedOver))
                latencies.append(Double(handOff &- frame.packetStart))
                stamps.append(handOff)
            }
        } catch {
            failure = "\(error)"
        }
        return StreamRun(
            path: path, mode: .serial, converter: converter.name, frames: shown.count,
            decode: Distribution(decodeTimes), convert: Distribution(convertTimes), latency: Distribution(latencies),
            seconds: Clock.seconds(since: start), timestamps: TimestampCheck(frames: shown),
            inOrder: true, deliveryBackwardsAt: StreamRun.firstBackwards(stamps), error: failure)
    }
}
