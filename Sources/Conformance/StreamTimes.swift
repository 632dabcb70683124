import Containers
import Decoding
import Frames

/// The shown frames of a decoded stream, as timestamp checks need them.
public struct StreamSummaryTimes: Sendable {
    /// Shown frames in decode order.
    public let shownFrames: [ShownFrameTime]

    /// Extracts the shown frames from a whole-stream decode record: a packet
    /// that showed no frame (invisible) is skipped.
    public init(_ summary: StreamSummary) {
        var frames: [ShownFrameTime] = []
        for packet in summary.packets where packet.shownFrames > 0 {
            frames.append(
                ShownFrameTime(
                    index: frames.count, packet: packet.number,
                    time: MediaTime(value: packet.pts, timebase: summary.track.timebase)))
        }
        shownFrames = frames
    }
}
