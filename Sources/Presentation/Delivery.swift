import Frames

/// One shown frame on its way to the screen: when it arrived and when the
/// app handed it to the display (if it ever did).
public struct Delivery: Sendable, Equatable {
    /// 0-based index among the stream's shown frames.
    public let frame: Int
    /// 1-based number of the input packet that showed it.
    public let packet: Int
    /// The frame's media time (its packet's pts).
    public let mediaTime: MediaTime
    /// When its packet arrived, nanoseconds on the run's clock.
    public let arrival: UInt64
    /// When it was handed to the display, nanoseconds on the run's clock;
    /// nil when it was never presented (dropped or lost).
    public let handOff: UInt64?

    /// Frame `frame` of packet `packet` at `mediaTime`, arrived at `arrival`,
    /// presented at `handOff` (nil: never).
    public init(frame: Int, packet: Int, mediaTime: MediaTime, arrival: UInt64, handOff: UInt64?) {
        self.frame = frame
        self.packet = packet
        self.mediaTime = mediaTime
        self.arrival = arrival
        self.handOff = handOff
    }

    /// The mean interval between the shown frames' media times in seconds:
    /// (last − first) / (count − 1); nil with fewer than two frames or no
    /// forward progress.
    public static func meanFrameInterval(of deliveries: [Delivery]) -> Double? {
        guard let first = deliveries.first, let last = deliveries.last, deliveries.count > 1 else { return nil }
        let span = last.mediaTime.seconds - first.mediaTime.seconds
        return span > 0 ? span / Double(deliveries.count - 1) : nil
    }
}
