import Frames

/// A shown frame as it leaves the decoder: the borrowed picture and where
/// it came from.
public struct DecodedFrame {
    /// 1-based number of the input packet that produced the frame.
    public let packet: Int
    /// Byte offset of that packet's header in the file.
    public let offset: Int
    /// The packet's pts as media time in the stream's timebase.
    public let time: MediaTime
    /// The picture, borrowing the decoder's planes: valid only inside the
    /// callback that receives it.
    public let image: I420View
}

/// What a whole-file decode saw, for timestamp checks and reports.
public struct StreamSummary: Sendable {
    /// The IVF file header.
    public let header: IVFHeader
    /// Every packet read, in file order: number, pts and how many frames it
    /// showed (0 for an invisible frame).
    public internal(set) var packets: [PacketRecord]

    /// A record of `packets` read from a file with `header`.
    public init(header: IVFHeader, packets: [PacketRecord] = []) {
        self.header = header
        self.packets = packets
    }
}

/// One packet of a stream as the decoder saw it.
public struct PacketRecord: Sendable, Equatable {
    /// 1-based packet number.
    public let number: Int
    /// Byte offset of the packet header.
    public let offset: Int
    /// Presentation timestamp in ticks.
    public let pts: Int64
    /// Frames the packet showed: 0 (invisible) or 1.
    public let shownFrames: Int

    /// A record of packet `number` at `offset` with `pts` that showed `shownFrames` frames.
    public init(number: Int, offset: Int, pts: Int64, shownFrames: Int) {
        self.number = number
        self.offset = offset
        self.pts = pts
        self.shownFrames = shownFrames
    }
}

/// A decode of a whole IVF file that stopped early, with the reason and what
/// was seen before it.
public struct StreamDecodeError: Error, CustomStringConvertible {
    /// What failed: an `IVFError`, a `VPXError` or a `FileReadError`.
    public let underlying: any Error
    /// What was decoded before the fault (nil if the file header was bad).
    public let summary: StreamSummary?

    /// The underlying error's one-line description.
    public var description: String { String(describing: underlying) }
}

/// Decodes every packet of an IVF file with a fresh `VP8Decoder`.
public enum StreamDecoder {
    /// Reads `path`, decodes its packets in order and calls `body` with each
    /// shown frame.
    /// - Returns: the header and the per-packet record.
    /// - Throws: `StreamDecodeError` at the first fault (unreadable file,
    ///   malformed IVF, libvpx error, or an error thrown by `body`); frames
    ///   before the fault have already been passed to `body`.
    public static func decode(path: String, threads: Int = 1,
                              _ body: (DecodedFrame) throws -> Void) throws(StreamDecodeError) -> StreamSummary {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { throw StreamDecodeError(underlying: error, summary: nil) }
        return try decode(bytes: bytes, threads: threads, body)
    }

    /// Decodes the IVF file held in `bytes`; as `decode(path:threads:_:)`.
    public static func decode(bytes: [UInt8], threads: Int = 1,
                              _ body: (DecodedFrame) throws -> Void) throws(StreamDecodeError) -> StreamSummary {
        var reader: IVFReader
        do { reader = try IVFReader(bytes: bytes) } catch { throw StreamDecodeError(underlying: error, summary: nil) }
        var summary = StreamSummary(header: reader.header)
        do {
            let decoder = try VP8Decoder(threads: threads)
            while let packet = try reader.next() {
                var shown = 0
                let time = MediaTime(value: packet.pts, timebase: reader.header.timebase)
                try decoder.decode(packet.data, packet: packet.number, offset: packet.offset) { image in
                    shown += 1
                    try body(DecodedFrame(packet: packet.number, offset: packet.offset, time: time, image: image))
                }
                summary.packets.append(PacketRecord(number: packet.number, offset: packet.offset,
                                                    pts: packet.pts, shownFrames: shown))
            }
        } catch {
            throw StreamDecodeError(underlying: error, summary: summary)
        }
        return summary
    }
}
