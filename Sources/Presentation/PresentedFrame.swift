import Frames

/// A frame as the app handed it to the display: its delivery and the
/// presentation time and duration a `StampingPolicy` gave it.
public struct PresentedFrame: Sendable, Equatable {
    /// 0-based index among the stream's shown frames.
    public let frame: Int
    /// 1-based number of the input packet that showed it.
    public let packet: Int
    /// The frame's media time.
    public let mediaTime: MediaTime
    /// When its packet arrived, nanoseconds on the run's clock.
    public let arrival: UInt64
    /// When it was handed to the display, nanoseconds on the run's clock.
    public let handOff: UInt64
    /// Its presentation time stamp.
    public let time: PresentationTime
    /// Its presentation duration.
    public let duration: PresentationTime

    /// Nanoseconds from arrival to hand-off.
    public var latency: UInt64 { handOff &- arrival }
}
