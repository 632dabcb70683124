/// One stream as an app presented it: the deliveries, the stamped frames
/// under one policy, and their checks.
public struct PresentedSequence: Sendable {
    /// The stamping policy used.
    public let policy: StampingPolicy
    /// Every shown frame in stream order, presented or not.
    public let deliveries: [Delivery]
    /// The presented frames with their stamps, in hand-off order.
    public let frames: [PresentedFrame]
    /// The stream's mean frame interval in seconds (nil with fewer than two
    /// shown frames or no forward progress).
    public let meanFrameInterval: Double?
    /// The checks on `frames`.
    public let check: PresentationCheck

    /// The frame interval assumed when a stream has no mean (1/30 s).
    public static let defaultFrameInterval = 1.0 / 30

    /// Stamps `deliveries` with `policy` and checks the result.
    public init(deliveries: [Delivery], policy: StampingPolicy) {
        self.policy = policy
        self.deliveries = deliveries
        let interval = Delivery.meanFrameInterval(of: deliveries)
        meanFrameInterval = interval
        frames = policy.stamp(deliveries, frameInterval: interval ?? Self.defaultFrameInterval)
        check = PresentationCheck(frames: frames, shown: deliveries, meanFrameInterval: interval)
    }

    /// Whether the sequence passes: presentation times strictly increase
    /// and no frame is lost, unless `dropsByDesign` (then losses are expected).
    public func passes(dropsByDesign: Bool) -> Bool {
        check.strictlyIncreasing && (dropsByDesign || check.lost.isEmpty)
    }
}
