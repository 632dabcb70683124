import Frames

/// A shown frame as it leaves the stream decoder: the borrowed picture, in
/// the layout asked for, and where it came from.
public struct DecodedFrame {
    /// 1-based number of the input packet that produced the frame.
    public let packet: Int
    /// Byte offset of that packet's header in the file.
    public let offset: Int
    /// When it is shown, as media time in the track's timebase: its
    /// packet's pts, or on a track without timestamps (`Track.isTimestamped`)
    /// its place in presentation order.
    public let time: MediaTime
    /// The picture as decoded, borrowing the decoder's planes: valid only
    /// inside the callback that receives it.
    public let image: I420View
    /// The picture in the layout the decode was asked for: `image` itself
    /// for I420, its lossless NV12 twin otherwise (`SourceRepacker`);
    /// valid only inside the callback.
    public let source: SourceFrame
    /// Clock readings of its packet's decode, when the decode was given a
    /// clock (nil otherwise).
    public let timing: DecodeTiming?
}

/// Readings of the clock a decode was given, around one packet.
public struct DecodeTiming: Sendable, Equatable {
    /// When the packet's decode call began.
    public let started: UInt64
    /// When the decoder handed the frame over (for a packet's record: its
    /// first frame, or the end of the call when it showed none), before
    /// any repacking. The packet's decode time is `handedOver - started`:
    /// it excludes what the frame callback does with the frame.
    public let handedOver: UInt64

    /// `handedOver - started`, in the clock's unit.
    public var decodeTime: UInt64 { handedOver &- started }
}
