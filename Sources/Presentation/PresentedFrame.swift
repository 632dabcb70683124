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

    /// A presented frame with all its fields.
    public init(
        frame: Int, packet: Int, mediaTime: MediaTime, arrival: UInt64, handOff: UInt64,
        time: PresentationTime, duration: PresentationTime
    ) {
        self.frame = frame
        self.packet = packet
        self.mediaTime = mediaTime
        self.arrival = arrival
        self.handOff = handOff
        self.time = time
        self.duration = duration
    }

    /// Nanoseconds from arrival to hand-off.
    public var latency: UInt64 { handOff &- arrival }
}
