import Containers
import Converters
import Decoding
import Frames

/// The decode → convert loop: each shown frame of a stream of any codec decoded by
/// `StreamDecoder` and converted into one reused BGRA target
/// (`ConversionTarget`), as a player does. End-to-end runs, presentation
/// runs and `bench decode --bgra` all run it.
public enum ConvertedStream {
    /// A converter refused or failed a frame.
    public struct ConversionFault: Error, CustomStringConvertible {
        /// The packet whose frame it was.
        public let packet: Int
        /// The converter's name.
        public let converter: String
        /// The orientation asked for.
        public let orientation: Orientation
        /// What the converter threw.
        public let error: ConversionError

        /// `packet N: CONVERTER ORIENTATION: ERROR`.
        public var description: String { "packet \(packet): \(converter) \(orientation): \(error)" }
    }

    /// Decodes `packets` (with the decoder named `decoder`, nil: its codec's
    /// own) and converts each shown frame with `converter`
    /// (none: decode only), in `layout` (NV12: the decoded planes repacked
    /// losslessly by the decode), then calls `body` with the frame and its
    /// conversion (valid until the next call). `clock` and `onPacket` are
    /// `StreamDecoder`'s: the frame's timing is taken before the conversion.
    /// - Returns: the header and the per-packet record.
    /// - Throws: `StreamDecodeError` at the first fault: the decoder's, a
    ///   `ConversionFault`, or what `body` throws; frames before it have
    ///   been passed to `body`.
    public static func run(
        packets: any PacketSource, decoder: String? = nil, threads: Int = 1, converter: (any FrameConverter)?,
        matrix: ColorMatrix,
        orientation: Orientation = .upright, layout: ChromaLayout = .i420, clock: (() -> UInt64)? = nil,
        onPacket: (PacketRecord, DecodeTiming?) -> Void = { _, _ in },
        _ body: (DecodedFrame, BGRAView?) throws -> Void
    ) throws(StreamDecodeError) -> StreamSummary {
        var target = ConversionTarget()
        return try StreamDecoder.decode(
            packets: packets, decoder: decoder, threads: threads, layout: layout, clock: clock, onPacket: onPacket
        ) { frame in
            try body(frame, try convert(frame, into: &target, converter, matrix, orientation))
        }
    }

    /// The file at `path` (IVF, WebM, Matroska or MP4; its video track
    /// `track`, 1-based; nil: the first), as
    /// `run(packets:decoder:threads:converter:matrix:orientation:layout:clock:onPacket:_:)`.
    public static func run(
        path: String, track: Int? = nil, decoder: String? = nil, threads: Int = 1, converter: (any FrameConverter)?,
        matrix: ColorMatrix,
        orientation: Orientation = .upright, layout: ChromaLayout = .i420, clock: (() -> UInt64)? = nil,
        onPacket: (PacketRecord, DecodeTiming?) -> Void = { _, _ in },
        _ body: (DecodedFrame, BGRAView?) throws -> Void
    ) throws(StreamDecodeError) -> StreamSummary {
        try run(
            packets: StreamDecoder.open(path: path, trackNumber: track), decoder: decoder, threads: threads,
            converter: converter,
            matrix: matrix,
            orientation: orientation, layout: layout, clock: clock, onPacket: onPacket, body)
    }

    /// `frame` in the decode's layout converted into `target` (nil without a converter).
    private static func convert(
        _ frame: DecodedFrame, into target: inout ConversionTarget,
        _ converter: (any FrameConverter)?, _ matrix: ColorMatrix, _ orientation: Orientation
    ) throws(ConversionFault) -> BGRAView? {
        guard let converter else { return nil }
        do throws(ConversionError) {
            return try target.convert(frame.source, with: converter, matrix: matrix, orientation: orientation)
        } catch {
            throw ConversionFault(
                packet: frame.packet, converter: converter.name, orientation: orientation, error: error)
        }
    }
}
