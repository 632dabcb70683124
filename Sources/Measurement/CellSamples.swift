import Statistics

/// What one contender measured at one frame size: per-frame samples in
/// round order, so samples with the same index were measured in the same round.
public struct CellSamples: Sendable, Equatable {
    /// The contender.
    public let id: ContenderID
    /// Wall time of each frame, nanoseconds, on the monotonic clock.
    public var wall: [Double]
    /// Process CPU time of each frame, nanoseconds (all threads).
    public var cpu: [Double]
    /// For a floor, the method these samples were measured with (the
    /// lowest median of its methods, `CellSamples.fastest`); nil for
    /// converters.
    public var floorMethod: FloorMethod?

    /// Samples of the contender `id`, round by round (empty by default).
    public init(id: ContenderID, wall: [Double] = [], cpu: [Double] = []) {
        self.id = id
        self.wall = wall
        self.cpu = cpu
    }

    /// The contender's label.
    public var label: String { id.description }

    /// The samples with the lowest median wall time among `candidates` (the
    /// first on a tie), or nil when none has a sample.
    public static func fastest(of candidates: [CellSamples]) -> CellSamples? {
        candidates.compactMap { samples in Percentile.median(samples.wall).map { (samples, $0) } }
            .min { $0.1 < $1.1 }?.0
    }
}
