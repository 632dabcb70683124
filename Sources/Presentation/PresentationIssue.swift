/// Something wrong or notable in a presented sequence, at one frame.
public struct PresentationIssue: Sendable, Equatable, CustomStringConvertible {
    /// What kind of event.
    public enum Kind: String, Sendable, CaseIterable {
        /// The same presentation time as the previous presented frame: a violation.
        case duplicate
        /// An earlier presentation time than the previous presented frame: a violation.
        case regression
        /// A duration of zero or less.
        case nonPositiveDuration = "non-positive-duration"
        /// The previous frame's time + duration runs past this frame's time.
        case overlap
        /// The gap since the previous hand-off is above the freeze threshold.
        case freeze
        /// Handed off more than one mean frame interval after its arrival.
        case late
    }

    /// What kind of event.
    public let kind: Kind
    /// The frame where it happens (for pairs, the later one).
    public let frame: PresentedFrame
    /// What was compared, e.g. `1234/1000 after 1234/1000`.
    public let detail: String

    /// Whether it breaks "presentation times strictly increase".
    public var isViolation: Bool { kind == .duplicate || kind == .regression }

    /// One line, e.g. `duplicate at frame 3 (packet 4): 1234/1000 after 1234/1000`.
    public var description: String {
        "\(kind.rawValue) at frame \(frame.frame) (packet \(frame.packet)): \(detail)"
    }
}
