import Frames

/// Every contender at one frame size.
public struct SizeResult: Sendable {
    /// The frame size.
    public let size: FrameSize
    /// Rounds measured (frames per contender).
    public let rounds: Int
    /// One result per contender, converters first and the floors last.
    public let cells: [CellResult]

    /// The one-thread floor's pass measured alone, back to back on the same
    /// buffers (`ConverterBench.floorAlone`), per store kind, in µs: the
    /// figure a stand-alone probe gives (interleaved among converters the
    /// floor takes longer: they leave the caches to other data); empty
    /// when not measured.
    public var floorAlone: [FloorStores: Double]

    /// The results `cells` of `rounds` rounds at `size`, and `floorAlone`.
    public init(size: FrameSize, rounds: Int, cells: [CellResult], floorAlone: [FloorStores: Double] = [:]) {
        self.size = size
        self.rounds = rounds
        self.cells = cells
        self.floorAlone = floorAlone
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
