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
    /// Clock readings of its packet's decode, when the decode was given a
    /// clock (nil otherwise).
    public let timing: DecodeTiming?
}

/// Readings of the clock `StreamDecoder` was given, around one packet.
public struct DecodeTiming: Sendable, Equatable {
    /// When the packet's decode call began.
    public let started: UInt64
    /// When the decoder handed the frame over (for a packet's record: its
    /// first frame, or the end of the call when it showed none). The
    /// packet's decode time is `handedOver - started`: it excludes what the
    /// frame callback does with the frame.
    public let handedOver: UInt64

    /// `handedOver - started`, in the clock's unit.
    public var decodeTime: UInt64 { handedOver &- started }
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
}

/// A decode of a whole IVF file that stopped early, with the reason and what
/// was seen before it.
public struct StreamDecodeError: Error, CustomStringConvertible {
    /// What failed: an `IVFError`, a `VPXError`, a `FileReadError` (the
    /// file could not be opened) or an error thrown by the frame callback.
    public let underlying: any Error
    /// What was decoded before the fault (nil if the file header was bad).
    public let summary: StreamSummary?

    /// The underlying error's one-line description.
    public var description: String { String(describing: underlying) }
}

/// Decodes every packet of an IVF file with a fresh `VP8Decoder`.
public enum StreamDecoder {
    /// Decodes the IVF file at `path` packet by packet as it reads it, and
    /// calls `body` with each shown frame. One packet is in memory at a
    /// time, whatever the file's length; what grows is the summary, by one
    /// `PacketRecord` per packet.
    ///
    /// With a `clock` (a nanosecond counter such as the monotonic clock),
    /// every frame carries its packet's `DecodeTiming`, and `onPacket` is
    /// called once per decoded packet, after that packet's frames, with
    /// its record and timing: the one decode loop that timed end-to-end runs
    /// share with plain decoding. Reading a packet is not part of its
    /// timing.
    /// - Returns: the header and the per-packet record.
    /// - Throws: `StreamDecodeError` at the first fault (a `FileReadError`
    ///   when the file cannot be opened, an `IVFError` for malformed IVF or a
    ///   read failing part-way, a `VPXError` from libvpx, or an error thrown
    ///   by `body`); frames before the fault have already been passed to
    ///   `body`.
    public static func decode(
        path: String, threads: Int = 1, clock: (() -> UInt64)? = nil,
        onPacket: (PacketRecord, DecodeTiming?) -> Void = { _, _ in },
        _ body: (DecodedFrame) throws -> Void
    ) throws(StreamDecodeError) -> StreamSummary {
        try decode(source: open(path: path), threads: threads, clock: clock, onPacket: onPacket, body)
    }

    /// The IVF file at `path`, opened to be decoded by
    /// `decode(source:threads:clock:onPacket:_:)`.
    /// - Throws: `StreamDecodeError` with the `FileReadError` and no
    ///   summary when the file cannot be opened.
    public static func open(path: String) throws(StreamDecodeError) -> IVFFile {
        do { return try IVFFile(path: path) } catch { throw StreamDecodeError(underlying: error, summary: nil) }
    }

    /// Decodes the IVF file held in `bytes`; as `decode(path:threads:clock:onPacket:_:)`.
    public static func decode(
        bytes: [UInt8], threads: Int = 1, clock: (() -> UInt64)? = nil,
        onPacket: (PacketRecord, DecodeTiming?) -> Void = { _, _ in },
        _ body: (DecodedFrame) throws -> Void
    ) throws(StreamDecodeError) -> StreamSummary {
        try decode(source: IVFBytes(bytes), threads: threads, clock: clock, onPacket: onPacket, body)
    }

    /// Decodes the IVF stream `source` gives, packet by packet; as
    /// `decode(path:threads:clock:onPacket:_:)`.
    public static func decode(
        source: any IVFByteSource, threads: Int = 1, clock: (() -> UInt64)? = nil,
        onPacket: (PacketRecord, DecodeTiming?) -> Void = { _, _ in },
        _ body: (DecodedFrame) throws -> Void
    ) throws(StreamDecodeError) -> StreamSummary {
        var reader: IVFReader
        do { reader = try IVFReader(source: source) } catch { throw StreamDecodeError(underlying: error, summary: nil) }
        var summary = StreamSummary(header: reader.header)
        do {
            let decoder = try VP8Decoder(threads: threads)
            while let packet = try reader.next() {
                var shown = 0
                let time = MediaTime(value: packet.pts, timebase: reader.header.timebase)
                let started = clock?()
                var packetTiming: DecodeTiming?
                try decoder.decode(packet.data, packet: packet.number, offset: packet.offset) { image in
                    shown += 1
                    var timing: DecodeTiming?
                    if let clock, let started {
                        timing = DecodeTiming(started: started, handedOver: clock())
                        if packetTiming == nil { packetTiming = timing }
                    }
                    try body(
                        DecodedFrame(
                            packet: packet.number, offset: packet.offset, time: time, image: image,
                            timing: timing))
                }
                if packetTiming == nil, let clock, let started {
                    packetTiming = DecodeTiming(started: started, handedOver: clock())
                }
                let record = PacketRecord(
                    number: packet.number, offset: packet.offset, pts: packet.pts,
                    shownFrames: shown)
                summary.packets.append(record)
                onPacket(record, packetTiming)
            }
        } catch {
            throw StreamDecodeError(underlying: error, summary: summary)
        }
        return summary
    }
}
