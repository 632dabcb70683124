import Frames

/// What happened to one due frame of a participant.
public struct CallFrameRecord: Sendable, Equatable {
    /// What became of the frame.
    public enum Outcome: String, Sendable {
        /// Converted before the participant's next frame was due.
        case onTime = "on-time"
        /// Converted, but after the next frame was due.
        case late
        /// Not started by the time the next frame was due: decoded (later
        /// frames need it as a reference) but neither converted nor presented.
        case dropped
    }

    /// 0-based frame index of the participant.
    public let frame: Int
    /// The frame's media time (the vector's pts plus the loops before it).
    public let mediaTime: MediaTime
    /// When it was due, nanoseconds on the run's clock.
    public let due: UInt64
    /// When the participant's next frame is due.
    public let nextDue: UInt64
    /// When its work began.
    public let started: UInt64
    /// When it was converted (nil: dropped).
    public let finished: UInt64?

    /// A record with all its fields.
    public init(frame: Int, mediaTime: MediaTime, due: UInt64, nextDue: UInt64, started: UInt64, finished: UInt64?) {
        self.frame = frame
        self.mediaTime = mediaTime
        self.due = due
        self.nextDue = nextDue
        self.started = started
        self.finished = finished
    }

    /// On time, late or dropped.
    public var outcome: Outcome {
        guard let finished else { return .dropped }
        return finished <= nextDue ? .onTime : .late
    }

    /// Due → converted, nanoseconds (nil: dropped).
    public var latency: UInt64? { finished.map { $0 &- due } }
}
