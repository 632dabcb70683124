import Frames

/// The video track a reader hands packets of, as its container describes
/// it.
public struct Track: Sendable, Equatable {
    /// The container's name: `IVF`, `WebM`, `Matroska`, `MP4`, ...
    public let container: String
    /// The codec of the track's packets.
    public let codec: Codec
    /// Seconds per pts tick.
    public let timebase: Timebase
    /// The frame size the container declares (not trusted: the codec's
    /// own size wins); nil when it declares none.
    public let declaredSize: FrameSize?
    /// How many other tracks the file holds (audio, subtitles, other
    /// video), which are not read.
    public let otherTracks: Int
    /// Whether packets carry presentation times. A raw stream (H.264
    /// Annex B) has none: its frames are stamped by their place in
    /// presentation order, one tick of `timebase` (a frame at the frame
    /// rate the stream or the demuxer gives) each.
    public let isTimestamped: Bool
    /// The codec profile the container or stream declares, as FFmpeg
    /// names it (`Constrained Baseline`, `Main`, `High`, `Profile 0`);
    /// nil when it declares none (IVF).
    public let profile: String?
    /// One frame's duration in ticks of `timebase` at the frame rate
    /// libavformat gives the track (`r_frame_rate`), to the nearest tick:
    /// the duration FFmpeg's `-f framemd5` gives every frame. Nil where
    /// no rate is known (IVF, read by the project's own reader).
    public let frameDuration: Int64?
    /// Which video track of the file this is, 1-based (1 in IVF, which
    /// holds one).
    public let number: Int

    /// A track of `codec` in `container`, stamped in `timebase` (or, when
    /// not `isTimestamped`, ticking one frame per unit of it), declaring
    /// `declaredSize`, beside `otherTracks` tracks not read, in `profile`,
    /// a frame lasting `frameDuration` ticks when known, the file's video
    /// track `number`.
    public init(
        container: String, codec: Codec, timebase: Timebase, declaredSize: FrameSize?, otherTracks: Int = 0,
        isTimestamped: Bool = true, profile: String? = nil, frameDuration: Int64? = nil, number: Int = 1
    ) {
        self.container = container
        self.codec = codec
        self.timebase = timebase
        self.declaredSize = declaredSize
        self.otherTracks = otherTracks
        self.isTimestamped = isTimestamped
        self.profile = profile
        self.frameDuration = frameDuration
        self.number = number
    }

    /// `Matroska, AV1 track 2; 1 other tracks ignored`, or nil when the
    /// file holds no other track: what a command says once about the
    /// tracks it ignores.
    public var ignoredTracksNote: String? {
        guard otherTracks > 0 else { return nil }
        return "\(container), \(codec) track \(number); \(otherTracks) other tracks ignored"
    }
}

/// A container reader: one video track's packets, in file order.
public protocol PacketSource {
    /// The track the packets belong to.
    var track: Track { get }

    /// The next packet, or nil at a clean end of the file.
    /// - Throws: an error naming the packet and its byte offset (`IVFError`,
    ///   `ContainerError`); after a throw the reader gives no more packets.
    mutating func next() throws -> Packet?
}
