import Conformance
import Converters
import Frames
import VPX

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
            let bytes = try FileBytes.read(path)
            var reader = try IVFReader(bytes: bytes)
            let decoder = try VP8Decoder()
            while let packet = try reader.next() {
                let t0 = Clock.monotonic()
                var decoded: UInt64?
                try decoder.decode(packet.data, packet: packet.number, offset: packet.offset) { image in
                    let t1 = Clock.monotonic()
                    if decoded == nil { decoded = t1; decodeTimes.append(Double(t1 &- t0)) }
                    shown.append(ShownFrameTime(index: shown.count, packet: packet.number,
                                                time: MediaTime(value: packet.pts, timebase: reader.header.timebase)))
                    if target?.size != image.size { target = BGRABuffer(size: image.size) }
                    converter.convert(image, to: target!.view, matrix: matrix)
                    let handOff = Clock.monotonic()
                    convertTimes.append(Double(handOff &- t1))
                    latencies.append(Double(handOff &- t0))
                    stamps.append(handOff)
                }
                if decoded == nil { decodeTimes.append(Double(Clock.monotonic() &- t0)) }
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
