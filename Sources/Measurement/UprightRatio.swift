import Frames
import Statistics

/// What an orientation costs a converter: the time of its oriented cell ÷
/// the time of its upright cell of the same size in the same run
/// (`bench --orientation upright,mirror,...`), with a 95 % interval.
///
/// The two cells are measured one after the other, not round by round, so
/// the ratio is the Hodges–Lehmann estimate over the medians of ten
/// consecutive blocks of each cell's frames and its interval the
/// Mann–Whitney one (`BlockMedians`, `ShiftEstimate`), as `bench compare`
/// estimates a ratio of two runs.
public struct UprightRatio: Sendable, Equatable {
    /// The converter's label.
    public let label: String
    /// The frame size of both cells.
    public let size: FrameSize
    /// The oriented cell's orientation (never `upright`).
    public let orientation: Orientation
    /// Oriented ÷ upright time.
    public let estimate: RatioEstimate

    /// A ratio with the given figures.
    public init(label: String, size: FrameSize, orientation: Orientation, estimate: RatioEstimate) {
        self.label = label
        self.size = size
        self.orientation = orientation
        self.estimate = estimate
    }

    /// The ratio of every converter (floors left out) in every oriented
    /// cell of `sizes` whose size also has an upright cell with that
    /// converter, in the order of `sizes` and of each cell's converters.
    public static func all(in sizes: [SizeResult]) -> [UprightRatio] {
        var upright: [FrameSize: [String: CellResult]] = [:]
        for size in sizes where size.orientation == .upright {
            for cell in size.cells where !cell.isFloor { upright[size.size, default: [:]][cell.label] = cell }
        }
        return sizes.filter { $0.orientation != .upright }.flatMap { size in
            size.cells.compactMap { cell -> UprightRatio? in
                guard !cell.isFloor, let base = upright[size.size]?[cell.label],
                    let estimate = ShiftEstimate.ratio(
                        of: BlockMedians.of(cell.wallInRoundOrder), to: BlockMedians.of(base.wallInRoundOrder))
                else { return nil }
                return UprightRatio(
                    label: cell.label, size: size.size, orientation: size.orientation, estimate: estimate)
            }
        }
    }
}
