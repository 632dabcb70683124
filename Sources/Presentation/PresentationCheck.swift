import Statistics

/// The checks on a presented sequence: strictly increasing presentation
/// times, positive durations, no overlap, no lost frames, freezes and late
/// frames, plus the arrival → presentation latency.
public struct PresentationCheck: Sendable {
    /// Every issue in presentation order (several kinds may share a frame).
    public let issues: [PresentationIssue]
    /// Shown frames that were never presented (0-based shown-frame indices).
    public let lost: [Int]
    /// The freeze threshold in nanoseconds: max(150 ms, 3 × the mean frame
    /// interval), WebRTC's quality analyzer's definition.
    public let freezeThreshold: UInt64
    /// Arrival → hand-off latency of the presented frames, nanoseconds (nil when none).
    public let latency: Distribution?

    /// The shortest gap that can count as a freeze, in nanoseconds.
    public static let minimumFreeze: UInt64 = 150_000_000

    /// Max(150 ms, 3 × `meanFrameInterval` seconds), in nanoseconds.
    public static func freezeThreshold(meanFrameInterval: Double?) -> UInt64 {
        guard let interval = meanFrameInterval, interval > 0 else { return minimumFreeze }
        return max(minimumFreeze, UInt64((3 * interval * 1e9).rounded()))
    }

    /// Checks `frames` (the presented frames in hand-off order) against the
    /// `shown` frames (every delivery); `meanFrameInterval` (seconds, the
    /// stream's) sets the freeze threshold and the lateness bound.
    public init(frames: [PresentedFrame], shown: [Delivery], meanFrameInterval: Double?) {
        let threshold = Self.freezeThreshold(meanFrameInterval: meanFrameInterval)
        let lateBound = meanFrameInterval.map { UInt64(($0 * 1e9).rounded()) }
        var issues: [PresentationIssue] = []
        for (index, frame) in frames.enumerated() {
            if frame.duration.value <= 0 {
                issues.append(
                    PresentationIssue(kind: .nonPositiveDuration, frame: frame, detail: "duration \(frame.duration)"))
            }
            if let lateBound, frame.latency > lateBound {
                issues.append(
                    PresentationIssue(
                        kind: .late, frame: frame, detail: "\(frame.latency) ns after arrival, above \(lateBound) ns"))
            }
            guard index > 0 else { continue }
            let previous = frames[index - 1]
            if frame.time == previous.time {
                issues.append(
                    PresentationIssue(kind: .duplicate, frame: frame, detail: "\(frame.time) after \(previous.time)"))
            } else if frame.time < previous.time {
                issues.append(
                    PresentationIssue(kind: .regression, frame: frame, detail: "\(frame.time) after \(previous.time)"))
            }
            if previous.time + previous.duration > frame.time {
                issues.append(
                    PresentationIssue(
                        kind: .overlap, frame: frame,
                        detail: "previous \(previous.time) + \(previous.duration) past \(frame.time)"))
            }
            let gap = frame.handOff &- previous.handOff
            if gap > threshold {
                issues.append(
                    PresentationIssue(kind: .freeze, frame: frame, detail: "\(gap) ns gap, above \(threshold) ns"))
            }
        }
        self.issues = issues
        lost = shown.filter { $0.handOff == nil }.map(\.frame)
        freezeThreshold = threshold
        latency = Distribution(frames.map { Double($0.latency) })
    }

    /// The issues of `kind`.
    public func issues(_ kind: PresentationIssue.Kind) -> [PresentationIssue] { issues.filter { $0.kind == kind } }

    /// How many issues of `kind`.
    public func count(_ kind: PresentationIssue.Kind) -> Int { issues.lazy.filter { $0.kind == kind }.count }

    /// The violations only (duplicates and regressions).
    public var violations: [PresentationIssue] { issues.filter(\.isViolation) }

    /// Whether presentation times strictly increase.
    public var strictlyIncreasing: Bool { !issues.contains(where: \.isViolation) }
}
