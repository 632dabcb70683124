import Converters
import Frames
import Streams
import VPX

/// A participant's video as the call consumes it: one shown frame at a time.
public protocol CallFrameSource: AnyObject {
    /// The frame size it delivers.
    var size: FrameSize { get }
    /// Decodes the next shown frame and, when `convert`, converts it to
    /// BGRA; returns its media time.
    /// - Throws: the decode's or the read's error (the participant stops).
    func nextFrame(convert: Bool) throws -> MediaTime
}

/// An IVF vector decoded in a loop: at its end, the file's packets are
/// decoded again from the start with a fresh `VP8Decoder`, their pts
/// shifted by the loop's duration so media times keep increasing.
public final class LoopingVectorStream: CallFrameSource {
    /// The stream's frame size (the IVF header's).
    public let size: FrameSize
    /// One pass's duration in the file's timebase ticks: last − first pts
    /// plus the mean packet interval.
    public let loopTicks: Int64
    /// Completed passes over the file.
    public private(set) var loops = 0

    private let bytes: [UInt8]
    private let converter: any FrameConverter
    private let matrix: ColorMatrix
    private let timebase: Timebase
    private let firstPTS: Int64
    private var reader: IVFReader
    private var decoder: VP8Decoder
    private var target = ConversionTarget()
    private var repacker: SourceRepacker
    private var shownThisLoop = 0

    /// A looping stream over the IVF file in `bytes`, converted with
    /// `converter` (`matrix`) from frames in `layout` (NV12: each decoded
    /// frame repacked first, as `SourceRepacker` does, which adds one copy
    /// of the frame to the participant's work).
    /// - Throws: when the header is malformed, the file has no readable
    ///   packet, a packet's time lies more than `StreamTimeLimits.span`
    ///   from the first packet's (naming it and its byte offset), or libvpx
    ///   refuses to start.
    public init(
        bytes: [UInt8], converter: any FrameConverter, matrix: ColorMatrix = .bt601, layout: ChromaLayout = .i420
    ) throws {
        self.bytes = bytes
        repacker = SourceRepacker(layout: layout)
        self.converter = converter
        self.matrix = matrix
        reader = try IVFReader(bytes: bytes)
        timebase = reader.header.timebase
        size = FrameSize(width: Int(reader.header.width), height: Int(reader.header.height))
        let (times, fault) = PacketTimeFault.packetTimes(reader, paced: false)
        if let fault { throw CallSetupError("\(fault)") }
        guard let first = times.first, let last = times.last else { throw CallSetupError("no packets in the vector") }
        firstPTS = first
        // Within the span limit, so no difference of these times overflows.
        let span = last - first
        if times.count > 1, span > 0 {
            loopTicks = span + Int64((Double(span) / Double(times.count - 1)).rounded())
        } else {
            let perFrame = Double(timebase.denominator) / Double(timebase.numerator) / 30
            loopTicks = span + max(1, Int64(perFrame.rounded()))
        }
        decoder = try VP8Decoder()
    }

    /// The next shown frame of the loop (invisible packets are decoded on the way).
    /// - Throws: the read's or the decode's error, or `CallSetupError` when
    ///   a whole pass over the vector shows no frame.
    public func nextFrame(convert: Bool) throws -> MediaTime {
        while true {
            guard let packet = try reader.next() else {
                guard shownThisLoop > 0 else { throw CallSetupError("a whole pass over the vector shows no frame") }
                loops += 1
                shownThisLoop = 0
                reader = try IVFReader(bytes: bytes)
                decoder = try VP8Decoder()
                continue
            }
            var shown = false
            try decoder.decode(packet.data, packet: packet.number, offset: packet.offset) { image in
                shown = true
                guard convert else { return }
                _ = try target.convert(repacker.frame(image), with: converter, matrix: matrix)
            }
            if shown {
                shownThisLoop += 1
                let (shift, overflow) = Int64(loops).multipliedReportingOverflow(by: loopTicks)
                guard !overflow, shift < Int64.max / 2 else {
                    throw CallSetupError("the vector's media times leave 64 bits after \(loops) loops")
                }
                return MediaTime(value: packet.pts - firstPTS + shift, timebase: timebase)
            }
        }
    }
}

/// A call that cannot start: no vector for a size, an unknown converter, a bad vector.
public struct CallSetupError: Error, CustomStringConvertible {
    /// Why.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
