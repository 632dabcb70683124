import Containers
import Frames

/// A stream's shown frames, pulled one packet at a time: the container
/// read, the codec's decoder (from `DecoderRegistry`) and the repacking
/// into the asked layout in one place, so no consumer rebuilds them.
///
/// One packet is in memory at a time, whatever the file's length; what
/// grows is `summary`, by one `PacketRecord` per packet. Not thread-safe.
public final class FrameReader {
    /// The track being read.
    public let track: Track
    /// The stream's codec.
    public var codec: Codec { track.codec }
    /// The decoder in use.
    public let decoder: DecoderEntry
    /// What has been decoded so far.
    public private(set) var summary: StreamSummary

    private var reader: any PacketSource
    private let decoding: any VideoDecoder
    private var repacker: SourceRepacker
    private var ended = false
    /// The record of the packet being decoded, added to `summary` once its
    /// decode succeeds.
    private var current: PacketRecord?
    /// Frames handed out so far.
    private var shownFrames = 0

    /// A reader of the IVF stream `source`; as `init(packets:decoder:threads:layout:)`.
    /// - Throws: `StreamDecodeError` with no summary for a malformed file
    ///   header or a failed read, else as `init(packets:decoder:threads:layout:)`.
    public convenience init(
        source: any IVFByteSource, decoder decoderName: String? = nil, threads: Int = 1, layout: ChromaLayout = .i420
    ) throws(StreamDecodeError) {
        let reader: IVFReader
        do { reader = try IVFReader(source: source) } catch { throw StreamDecodeError(underlying: error, summary: nil) }
        try self.init(packets: reader, decoder: decoderName, threads: threads, layout: layout)
    }

    /// A reader of the packets `packets` gives, decoded by the decoder
    /// named `decoderName` (nil: the codec's primary decoder) with
    /// `threads` threads, handing frames out in `layout`.
    /// - Throws: `StreamDecodeError` with an empty summary when the decoder
    ///   is unknown, does not decode the track's codec or cannot start.
    public init(
        packets: any PacketSource, decoder decoderName: String? = nil, threads: Int = 1, layout: ChromaLayout = .i420
    ) throws(StreamDecodeError) {
        reader = packets
        track = packets.track
        repacker = SourceRepacker(layout: layout)
        do {
            decoder = try DecoderRegistry.decoder(named: decoderName, for: track.codec)
            decoding = try decoder.makeDecoder(track.codec, threads: threads)
        } catch {
            throw StreamDecodeError(underlying: error, summary: StreamSummary(track: track))
        }
        summary = StreamSummary(track: track, decoder: decoder.name)
    }

    /// Reads and decodes the next packet and calls `body` with each frame
    /// now shown, in presentation order; after the last packet, calls it
    /// with the frames the decoder still held and returns nil.
    ///
    /// With a `clock`, every frame carries its packet's `DecodeTiming`.
    /// Reading a packet is not part of its timing.
    /// - Returns: the packet's record (its frames counted) and timing; nil
    ///   at the end of the stream.
    /// - Throws: `StreamDecodeError` at the first fault (an `IVFError`, a
    ///   `DecodeError`, or what `body` throws) with `summary`, which ends
    ///   at the packet before the faulty one; frames before the fault have
    ///   already been passed to `body`.
    public func nextPacket(
        clock: (() -> UInt64)? = nil, _ body: (DecodedFrame) throws -> Void
    ) throws(StreamDecodeError) -> (record: PacketRecord, timing: DecodeTiming?)? {
        guard !ended else { return nil }
        do {
            guard let packet = try reader.next() else {
                ended = true
                try decoding.finish { image, origin in try hand(image, from: origin, timing: nil, body) }
                return nil
            }
            let info = PacketInfo(number: packet.number, offset: packet.offset, pts: packet.pts)
            current = PacketRecord(number: info.number, offset: info.offset, pts: info.pts, shownFrames: 0)
            let started = clock?()
            var packetTiming: DecodeTiming?
            try decoding.decode(packet.data, packet: info) { image, origin in
                var timing: DecodeTiming?
                if let clock, let started {
                    timing = DecodeTiming(started: started, handedOver: clock())
                    if packetTiming == nil { packetTiming = timing }
                }
                try hand(image, from: origin, timing: timing, body)
            }
            if packetTiming == nil, let clock, let started {
                packetTiming = DecodeTiming(started: started, handedOver: clock())
            }
            let record = current!
            summary.packets.append(record)
            current = nil
            return (record, packetTiming)
        } catch let refusal as UnsupportedFormatError {
            throw StreamDecodeError(underlying: refusal.decodeError(frame: shownFrames + 1), summary: summary)
        } catch {
            throw StreamDecodeError(underlying: error, summary: summary)
        }
    }

    /// Counts `image` as shown by packet `origin` and passes it to `body`
    /// in the asked layout.
    private func hand(
        _ image: I420View, from origin: PacketInfo, timing: DecodeTiming?, _ body: (DecodedFrame) throws -> Void
    ) throws {
        shownFrames += 1
        if current?.number == origin.number {
            current!.shownFrames += 1
        } else if summary.packets.indices.contains(origin.number - 1) {
            summary.packets[origin.number - 1].shownFrames += 1
        }
        try body(
            DecodedFrame(
                packet: origin.number, offset: origin.offset,
                time: MediaTime(
                    value: track.isTimestamped ? origin.pts : Int64(shownFrames - 1), timebase: track.timebase),
                image: image,
                source: repacker.frame(image), timing: timing))
    }
}
