import Containers
import Decoding
import Frames
import Statistics

/// A shown frame's place in its stream, for timestamp checks.
public struct ShownFrameTime: Sendable, Equatable {
    /// 0-based index among the shown frames.
    public let index: Int
    /// 1-based number of the input packet that showed it.
    public let packet: Int
    /// Its presentation time.
    public let time: MediaTime
}

extension ShownFrameTime {
    /// Shown frame `index` of a stream: `frame`, from its packet, presented
    /// at its time.
    public init(index: Int, of frame: DecodedFrame) {
        self.init(index: index, packet: frame.packet, time: frame.time)
    }
}

/// Something wrong or notable in a stream's shown-frame timestamps.
public struct TimestampIssue: Sendable, Equatable, CustomStringConvertible {
    /// What kind of event.
    public enum Kind: Sendable, Equatable {
        /// The frame is presented before the previous shown frame: a violation.
        case backwards
        /// The frame has the same time as the previous shown frame: a violation.
        case duplicate
        /// More than 1.5 nominal frame durations since the previous shown
        /// frame: reported, not a violation.
        case gap
    }

    /// What kind of event.
    public let kind: Kind
    /// The shown frame where it happens (the later of the two).
    public let frame: ShownFrameTime
    /// The previous shown frame's time.
    public let previous: MediaTime

    /// Whether this breaks the "timestamps only go forward" rule.
    public var isViolation: Bool { kind != .gap }

    /// One line, e.g. `backwards at frame 12 (packet 14): 11@1/30 after 13@1/30`.
    public var description: String {
        let what =
            switch kind {
            case .backwards: "backwards"
            case .duplicate: "duplicate"
            case .gap: "gap"
            }
        return "\(what) at frame \(frame.index) (packet \(frame.packet)): \(frame.time) after \(previous)"
    }
}

/// Checks that shown-frame presentation times only go forward.
///
/// Only shown frames are compared: an invisible (alt-ref) packet that shares
/// its pts with the next shown frame is legitimate and never flagged.
public struct TimestampCheck: Sendable {
    /// The shown frames, in decode order.
    public let frames: [ShownFrameTime]
    /// Backwards and duplicate times (violations) and gaps, in stream order.
    public let issues: [TimestampIssue]
    /// The nominal frame duration: the median (`Percentile`, nearest rank)
    /// of the positive steps between shown frames, or nil with fewer than two distinct times.
    public let nominalDuration: MediaDuration?

    /// Checks `frames` (shown frames in decode order).
    public init(frames: [ShownFrameTime]) {
        self.frames = frames
        let steps = zip(frames, frames.dropFirst())
            .filter { $0.0.time.timebase == $0.1.time.timebase }
            .map { $0.1.time.value &- $0.0.time.value }
            .filter { $0 > 0 }
        let nominal = Percentile.median(steps)
        nominalDuration = nominal.map { MediaDuration(value: $0, timebase: frames[0].time.timebase) }
        var issues: [TimestampIssue] = []
        for (previous, frame) in zip(frames, frames.dropFirst()) {
            if frame.time < previous.time {
                issues.append(TimestampIssue(kind: .backwards, frame: frame, previous: previous.time))
            } else if frame.time == previous.time {
                issues.append(TimestampIssue(kind: .duplicate, frame: frame, previous: previous.time))
            } else if let nominal, frame.time.timebase == previous.time.timebase,
                Double(frame.time.value) - Double(previous.time.value) > 1.5 * Double(nominal)
            {
                issues.append(TimestampIssue(kind: .gap, frame: frame, previous: previous.time))
            }
        }
        self.issues = issues
    }

    /// Checks the shown frames of a decoded stream.
    public init(summary: StreamSummaryTimes) {
        self.init(frames: summary.shownFrames)
    }

    /// The violations only (backwards and duplicates).
    public var violations: [TimestampIssue] { issues.filter(\.isViolation) }

    /// The gaps only.
    public var gaps: [TimestampIssue] { issues.filter { !$0.isViolation } }

    /// Each shown frame's duration: to the next shown frame, and the nominal
    /// duration for the last (nil when the stream has no nominal duration).
    public var durations: [MediaDuration?] {
        frames.indices.map { i in
            if i + 1 < frames.count, frames[i + 1].time.timebase == frames[i].time.timebase {
                return MediaDuration(
                    value: frames[i + 1].time.value &- frames[i].time.value,
                    timebase: frames[i].time.timebase)
            }
            return nominalDuration
        }
    }
}
