import Frames

/// How a call's participants are scheduled.
public enum CallSchedule: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Each participant has a thread of its own that sleeps until each of
    /// its frames' due times (absolute `clock_nanosleep`; WebRTC's model:
    /// one decoder thread per remote stream).
    case perStream = "per-stream"
    /// One tick per frame period: the participants' frames of that tick run
    /// on a shared pool (`DispatchQueue.concurrentPerform`). The tick fires
    /// when the last participant's frame of the period is due (the largest
    /// phase offset after the period's start).
    case shared

    /// The command-line name.
    public var description: String { rawValue }
}

/// `N` participants of one frame size in a call: `N×WxH` (or `NxWxH`) on
/// the command line.
public struct CallTileRequest: Sendable, Equatable, CustomStringConvertible {
    /// How many participants.
    public let count: Int
    /// Their frame size.
    public let size: FrameSize

    /// The largest count one request may ask for.
    public static let maximumCount = 256

    /// `count` participants of `size`.
    public init(count: Int, size: FrameSize) {
        self.count = count
        self.size = size
    }

    /// Parses `N×WxH` or `NxWxH` (N in 1 ... `maximumCount`, sides 1 ... 16384); nil otherwise.
    public init?(parsing text: String) {
        let parts = text.lowercased().replacingOccurrences(of: "×", with: "x").split(
            separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 3, let count = Int(parts[0]), (1...Self.maximumCount).contains(count),
            let size = FrameSize(parsing: "\(parts[1])x\(parts[2])")
        else { return nil }
        self.init(count: count, size: size)
    }

    /// `N×WxH`.
    public var description: String { "\(count)×\(size)" }

    /// Parses a comma-separated list of requests; nil when any part is malformed or the list is empty.
    public static func list(parsing text: String) -> [CallTileRequest]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let requests = parts.compactMap(CallTileRequest.init(parsing:))
        guard !parts.isEmpty, requests.count == parts.count else { return nil }
        return requests
    }
}

/// When one participant's frames are due: frame k at
/// `start + phase + k × interval` (nanoseconds on the run's clock).
public struct CallTimeline: Sendable, Equatable {
    /// The call's start.
    public let start: UInt64
    /// This participant's phase offset.
    public let phase: UInt64
    /// The frame interval in nanoseconds (1e9 / fps).
    public let interval: Double
    /// How many frames are due in the call.
    public let frames: Int

    /// The phase step between consecutive participants (0.5 ms).
    public static let phaseStep: UInt64 = 500_000
    /// Phase offsets cycle after this many participants (so the largest is 3.5 ms).
    public static let phaseCycle = 8

    /// A timeline from `start` with `phase`, `fps` frames a second, `frames` frames.
    public init(start: UInt64, phase: UInt64, fps: Double, frames: Int) {
        self.start = start
        self.phase = phase
        interval = 1e9 / fps
        self.frames = frames
    }

    /// The phase offset of participant `index` (0-based, across the whole
    /// call): `(index mod 8) × 0.5 ms`.
    public static func phase(ofParticipant index: Int) -> UInt64 {
        UInt64(index % phaseCycle) * phaseStep
    }

    /// The largest phase offset among `participants` participants.
    public static func largestPhase(participants: Int) -> UInt64 {
        phase(ofParticipant: min(max(participants, 1), phaseCycle) - 1)
    }

    /// When frame `k` is due.
    public func due(_ k: Int) -> UInt64 {
        start &+ phase &+ UInt64((Double(k) * interval).rounded())
    }
}
