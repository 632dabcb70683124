import Frames
import Statistics

/// What a source layout costs a converter next to I420: the time of its
/// conversion of the cell's frames in that layout ÷ the time of its
/// conversion of the same frames in I420 (the twin cell of the same size
/// and orientation), when a report measured both.
///
/// The two cells are measured one after the other, not interleaved, so
/// their frames are not paired round by round: the ratio is `bench
/// compare`'s, Hodges–Lehmann over the medians of ten consecutive blocks of
/// each cell's frame times with the Mann–Whitney 95 % interval
/// (`ShiftEstimate`), and it includes whatever the machine did between the
/// two cells. The floors' ratio (the layout's floor ÷ I420's) is given the
/// same way: what moving the layout's bytes costs next to moving I420's.
public struct LayoutCost: Sendable, Equatable {
    /// The converter's label.
    public let label: String
    /// The cell in the layout measured (never I420).
    public let cell: SyntheticCell
    /// The layout's time ÷ the I420 twin cell's time.
    public let estimate: RatioEstimate
    /// Whether the blocks are enough for a 95 % interval (else the
    /// interval is the whole range of the block ratios).
    public let conclusive: Bool

    /// The cost of every contender (converters and floors) measured in a
    /// cell of another layout than I420 of `cells` and in the I420 cell of
    /// the same size and orientation, in the order of `cells` and of each
    /// cell's contenders.
    public static func all(in cells: [CellResults]) -> [LayoutCost] {
        let twins = Dictionary(cells.filter { $0.layout == .i420 }.map { ($0.cell, $0) }) { first, _ in first }
        return cells.filter { $0.layout != .i420 }.flatMap { results -> [LayoutCost] in
            guard let twin = twins[results.cell.inLayout(.i420)] else { return [] }
            return results.samples.compactMap { contender -> LayoutCost? in
                guard let base = twin.samples.first(where: { $0.id == contender.id }) else { return nil }
                let newBlocks = BlockMedians.of(contender.wall)
                let baseBlocks = BlockMedians.of(base.wall)
                guard let estimate = ShiftEstimate.ratio(of: newBlocks, to: baseBlocks) else { return nil }
                return LayoutCost(
                    label: contender.label, cell: results.cell, estimate: estimate,
                    conclusive: ShiftInterval.reachesConfidence(newCount: newBlocks.count, baseCount: baseBlocks.count))
            }
        }
    }

}
