import Frames
import Reports

/// One cell's results (a frame size, layout and orientation): every contender's.
public struct CellResults: Sendable {
    /// The frame size.
    public let size: FrameSize
    /// The orientation the converters converted into.
    public let orientation: Orientation
    /// The source frames' layout.
    public let layout: ChromaLayout
    /// Rounds measured (frames per contender).
    public let rounds: Int
    /// Each contender's samples, converters first and the floors last.
    public let samples: [CellSamples]
    /// Each contender's entry in the report, in the order of `samples`.
    public var cells: [ReportEntry]
    /// The converters left out of this cell, in registry order: those that
    /// refused it (`.unsupported`: skipped) or failed it (`.failed`: a
    /// failure). Nothing of theirs is timed.
    public var excluded: [ContenderFailure] = []

    /// The one-thread floor's pass measured alone, back to back on the same
    /// buffers (`ConverterBench.floorAlone`), per method, in µs: the
    /// figure a stand-alone probe gives (interleaved among converters the
    /// floor takes longer: they leave the caches to other data); empty
    /// when not measured.
    public var floorAlone: [FloorMethod: Double]
    /// Per converter label, its upright conversion's per-frame wall times,
    /// measured round by round beside its oriented conversion in this cell
    /// (in round order; empty when not measured: upright cells, or twins
    /// not asked for).
    public var uprightSamples: [String: [Double]] = [:]

    /// The results of `rounds` rounds at `size` in `layout` and
    /// `orientation`: the contenders' `samples`, their entries `cells`, and
    /// `floorAlone`.
    public init(
        size: FrameSize, orientation: Orientation = .upright, layout: ChromaLayout = .i420, rounds: Int,
        samples: [CellSamples], cells: [ReportEntry], floorAlone: [FloorMethod: Double] = [:]
    ) {
        self.size = size
        self.orientation = orientation
        self.layout = layout
        self.rounds = rounds
        self.samples = samples
        self.cells = cells
        self.floorAlone = floorAlone
    }

    /// The synthetic cell: size, orientation and layout.
    public var cell: SyntheticCell { SyntheticCell(size: size, orientation: orientation, layout: layout) }

    /// The converters that failed this cell (not those that refused it).
    public var failures: [ContenderFailure] { excluded.filter { $0.error != .unsupported } }

    /// The least paired ratio to its floor that a converter may have
    /// before the floor counts as wrong: a floor is the fastest way to move
    /// the bytes, so a converter clearly below it means the floor is not one.
    public static let floorTolerance = 0.95

    /// The converters whose median paired ratio to their floor is below
    /// `floorTolerance` at this size: each a sign that the floor is wrong.
    public var belowFloor: [ReportEntry] {
        cells.filter { $0.isBelowFloor(tolerance: Self.floorTolerance) }
    }
}
