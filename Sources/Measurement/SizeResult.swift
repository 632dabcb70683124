import Frames

/// Every contender at one frame size.
public struct SizeResult: Sendable {
    /// The frame size.
    public let size: FrameSize
    /// Rounds measured (frames per contender).
    public let rounds: Int
    /// One result per contender, converters first and the floors last.
    public let cells: [CellResult]

    /// The results `cells` of `rounds` rounds at `size`.
    public init(size: FrameSize, rounds: Int, cells: [CellResult]) {
        self.size = size
        self.rounds = rounds
        self.cells = cells
    }

    /// The least paired ratio to its floor that a converter may have
    /// before the floor counts as wrong: a floor is the fastest way to move
    /// the bytes, so a converter clearly below it means the floor is not one.
    public static let floorTolerance = 0.95

    /// The converters whose median paired ratio to their floor is below
    /// `floorTolerance` at this size: each a sign that the floor is wrong.
    public var belowFloor: [CellResult] {
        cells.filter { !$0.isFloor && ($0.ratioToFloor?.median ?? 1) < Self.floorTolerance }
    }
}
