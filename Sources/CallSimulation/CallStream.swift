import Containers
import Converters
import Decoding
import Frames
import Streams

/// A participant's video as the call consumes it: one shown frame at a time.
public protocol CallFrameSource: AnyObject {
    /// The frame size it delivers.
    var size: FrameSize { get }
    /// Decodes the next shown frame and, when `convert`, converts it to
    /// BGRA; returns its media time.
    /// - Throws: the decode's or the read's error (the participant stops).
    func nextFrame(convert: Bool) throws -> MediaTime
}

/// A vector of any codec and container decoded in a loop from its packets
/// in memory (`PacketRecording`): at its end, the packets are decoded again
/// from the start by a fresh `FrameReader`, their times shifted by the
/// loop's duration so media times keep increasing.
public final class LoopingVectorStream: CallFrameSource {
    /// The stream's frame size (the one its container declares).
    public let size: FrameSize
    /// One pass's duration in the file's timebase ticks: last − first pts
    /// plus the mean packet interval.
    public let loopTicks: Int64
    /// Completed passes over the file.
    public private(set) var loops = 0

    private let recording: PacketRecording
    private let converter: any FrameConverter
    private let matrix: ColorMatrix
    private let timebase: Timebase
    private let firstPTS: Int64
    private let layout: ChromaLayout
    private var frames: FrameReader
    private var target = ConversionTarget()
    private var shownThisLoop = 0

    /// A looping stream over the IVF file in `bytes`; as
    /// `init(recording:converter:matrix:layout:)`.
    /// - Throws: also when the IVF file header is malformed.
    public convenience init(
        bytes: [UInt8], converter: any FrameConverter, matrix: ColorMatrix = .bt601, layout: ChromaLayout = .i420
    ) throws {
        let recording = try PacketRecording(IVFReader(bytes: bytes), maximumBytes: CallVectors.maximumBytes)
        try self.init(recording: recording, converter: converter, matrix: matrix, layout: layout)
    }

    /// A looping stream over `recording`'s packets, converted with
    /// `converter` (`matrix`) from frames in `layout` (NV12: each decoded
    /// frame repacked first, which adds one copy of the frame to the
    /// participant's work). A fault in the recording stops the stream
    /// where it comes, after the frames before it.
    /// - Throws: when the container declares no frame size, there is no
    ///   readable packet, a packet's time lies more than
    ///   `StreamTimeLimits.span` from the first packet's (naming it and its
    ///   byte offset), or the decoder refuses to start.
    public init(
        recording: PacketRecording, converter: any FrameConverter, matrix: ColorMatrix = .bt601,
        layout: ChromaLayout = .i420
    ) throws {
        self.recording = recording
        self.layout = layout
        self.converter = converter
        self.matrix = matrix
        timebase = recording.track.timebase
        guard let declared = recording.track.declaredSize else {
            throw CallSetupError("the \(recording.track.container) file declares no frame size")
        }
        size = declared
        let (times, fault) = PacketTimeFault.packetTimes(recording.replay(), paced: false)
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
        frames = try FrameReader(packets: recording.replay(), layout: layout)
    }

    /// The next shown frame of the loop (invisible packets are decoded on the way).
    /// - Throws: the read's or the decode's error, or `CallSetupError` when
    ///   a whole pass over the vector shows no frame.
    public func nextFrame(convert: Bool) throws -> MediaTime {
        while true {
            var shownPTS: Int64?
            let read = try frames.nextPacket { frame in
                if shownPTS == nil { shownPTS = frame.time.value }
                guard convert else { return }
                _ = try target.convert(frame.source, with: converter, matrix: matrix)
            }
            if let shownPTS {
                shownThisLoop += 1
                let (shift, overflow) = Int64(loops).multipliedReportingOverflow(by: loopTicks)
                guard !overflow, shift < Int64.max / 2 else {
                    throw CallSetupError("the vector's media times leave 64 bits after \(loops) loops")
                }
                return MediaTime(value: shownPTS - firstPTS + shift, timebase: timebase)
            }
            if read != nil { continue }
            guard shownThisLoop > 0 else { throw CallSetupError("a whole pass over the vector shows no frame") }
            loops += 1
            shownThisLoop = 0
            frames = try FrameReader(packets: recording.replay(), layout: layout)
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
