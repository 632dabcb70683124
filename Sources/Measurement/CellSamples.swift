/// What one contender measured at one frame size: per-frame samples in
/// round order, so samples with the same index were measured in the same round.
public struct CellSamples: Sendable, Equatable {
    /// The contender's label.
    public let label: String
    /// Wall time of each frame, nanoseconds, on the monotonic clock.
    public var wall: [Double]
    /// Process CPU time of each frame, nanoseconds (all threads).
    public var cpu: [Double]

    /// Samples of the contender `label`, round by round (empty by default).
    public init(label: String, wall: [Double] = [], cpu: [Double] = []) {
        self.label = label
        self.wall = wall
        self.cpu = cpu
    }
}
