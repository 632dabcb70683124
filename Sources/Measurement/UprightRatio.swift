import Frames
import Statistics

/// What an orientation costs a converter: the time of its oriented
/// conversion ÷ the time of its upright conversion of the same frames,
/// measured round by round beside it in the oriented cell
/// (`CellResults.uprightSamples`): the median of the per-round ratios with
/// its 95 % interval, paired like the ratios to libyuv, so drift of the
/// machine and the other contenders' traffic weigh on both alike.
public struct UprightRatio: Sendable, Equatable {
    /// The converter's label.
    public let label: String
    /// The frame size.
    public let size: FrameSize
    /// The oriented cell's orientation (never `upright`).
    public let orientation: Orientation
    /// The cell's source layout.
    public let layout: ChromaLayout
    /// Oriented ÷ upright time.
    public let estimate: RatioEstimate

    /// The ratio of every converter of every oriented cell of `sizes` with
    /// upright samples, in the order of `sizes` and of each cell's converters.
    public static func all(in sizes: [CellResults]) -> [UprightRatio] {
        sizes.filter { $0.orientation != .upright }.flatMap { size in
            size.samples.compactMap { sample -> UprightRatio? in
                guard let upright = size.uprightSamples[sample.label],
                    let estimate = RatioEstimate(paired: sample.wall, over: upright)
                else { return nil }
                return UprightRatio(
                    label: sample.label, size: size.size, orientation: size.orientation, layout: size.layout,
                    estimate: estimate)
            }
        }
    }
}
