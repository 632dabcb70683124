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

    /// A track of `codec` in `container`, stamped in `timebase`, declaring
    /// `declaredSize`, beside `otherTracks` tracks not read.
    public init(container: String, codec: Codec, timebase: Timebase, declaredSize: FrameSize?, otherTracks: Int = 0) {
        self.container = container
        self.codec = codec
        self.timebase = timebase
        self.declaredSize = declaredSize
        self.otherTracks = otherTracks
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
