import Containers
import Frames

/// Decodes every packet of a file with a fresh decoder of its codec
/// (`FrameReader`), pushing each shown frame to a callback.
public enum StreamDecoder {
    /// Decodes the file at `path` (IVF, WebM, Matroska or MP4, told apart
    /// by content; its video track `track`, 1-based, or the first) packet
    /// by packet as it reads it, with
    /// the decoder named `decoder` (nil: the codec's own, as
    /// `DecoderRegistry` orders them), and calls `body` with each shown
    /// frame, in `layout`. One packet is in memory at a
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
    ///   read failing part-way, a `DecodeError` from the decoder, or an error thrown
    ///   by `body`); frames before the fault have already been passed to
    ///   `body`.
    public static func decode(
        path: String, track: Int? = nil, decoder: String? = nil, threads: Int = 1, layout: ChromaLayout = .i420,
        clock: (() -> UInt64)? = nil, onPacket: (PacketRecord, DecodeTiming?) -> Void = { _, _ in },
        _ body: (DecodedFrame) throws -> Void
    ) throws(StreamDecodeError) -> StreamSummary {
        try decode(
            packets: open(path: path, trackNumber: track), decoder: decoder, threads: threads, layout: layout,
            clock: clock, onPacket: onPacket, body)
    }

    /// The file at `path`, opened by the reader its content calls for
    /// (`ContainerFile`: IVF, or libavformat's WebM, Matroska, MP4).
    /// - Throws: `StreamDecodeError` with no summary when the file cannot
    ///   be opened or its header read.
    public static func open(path: String, trackNumber: Int? = nil) throws(StreamDecodeError) -> any PacketSource {
        do { return try ContainerFile.open(path: path, trackNumber: trackNumber) } catch {
            throw StreamDecodeError(underlying: error, summary: nil)
        }
    }

    /// Decodes the packets `packets` gives; as
    /// `decode(path:decoder:threads:layout:clock:onPacket:_:)`.
    public static func decode(
        packets: any PacketSource, decoder: String? = nil, threads: Int = 1, layout: ChromaLayout = .i420,
        clock: (() -> UInt64)? = nil, onPacket: (PacketRecord, DecodeTiming?) -> Void = { _, _ in },
        _ body: (DecodedFrame) throws -> Void
    ) throws(StreamDecodeError) -> StreamSummary {
        try run(
            FrameReader(packets: packets, decoder: decoder, threads: threads, layout: layout), clock, onPacket, body)
    }

    /// Decodes the IVF file held in `bytes`; as `decode(path:decoder:threads:layout:clock:onPacket:_:)`.
    public static func decode(
        bytes: [UInt8], decoder: String? = nil, threads: Int = 1, layout: ChromaLayout = .i420,
        clock: (() -> UInt64)? = nil, onPacket: (PacketRecord, DecodeTiming?) -> Void = { _, _ in },
        _ body: (DecodedFrame) throws -> Void
    ) throws(StreamDecodeError) -> StreamSummary {
        try decode(
            source: IVFBytes(bytes), decoder: decoder, threads: threads, layout: layout, clock: clock,
            onPacket: onPacket, body)
    }

    /// Decodes the IVF stream `source` gives, packet by packet; as
    /// `decode(path:decoder:threads:layout:clock:onPacket:_:)`.
    public static func decode(
        source: any IVFByteSource, decoder: String? = nil, threads: Int = 1, layout: ChromaLayout = .i420,
        clock: (() -> UInt64)? = nil, onPacket: (PacketRecord, DecodeTiming?) -> Void = { _, _ in },
        _ body: (DecodedFrame) throws -> Void
    ) throws(StreamDecodeError) -> StreamSummary {
        try run(FrameReader(source: source, decoder: decoder, threads: threads, layout: layout), clock, onPacket, body)
    }

    /// Every packet of `frames`, each frame to `body`, each record to `onPacket`.
    private static func run(
        _ frames: FrameReader, _ clock: (() -> UInt64)?, _ onPacket: (PacketRecord, DecodeTiming?) -> Void,
        _ body: (DecodedFrame) throws -> Void
    ) throws(StreamDecodeError) -> StreamSummary {
        while let (record, timing) = try frames.nextPacket(clock: clock, body) {
            onPacket(record, timing)
        }
        return frames.summary
    }
}
