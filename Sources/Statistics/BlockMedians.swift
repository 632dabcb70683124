/// Medians of consecutive blocks of a series in measurement order.
///
/// Frame times of one run are not independent: the machine drifts (clock
/// frequency, a neighbour's load), so consecutive frames resemble each
/// other more than frames far apart. An interval computed from every frame
/// as if it were independent is then far too narrow to compare two runs.
/// The medians of a few long consecutive blocks are close to independent,
/// and how much they differ shows how far the level moved within the run,
/// so an interval over them is honest about drift.
public enum BlockMedians {
    /// Blocks a series is cut into for a comparison of runs.
    public static let defaultCount = 10

    /// The medians (nearest rank) of `count` consecutive, nearly equal
    /// blocks of `series` (each block's size differing by at most one), in
    /// order; `series` itself when it has fewer than `2 × count` values.
    /// - Precondition: `count > 0`.
    public static func of(_ series: [Double], count: Int = defaultCount) -> [Double] {
        precondition(count > 0, "no blocks")
        guard series.count >= 2 * count else { return series }
        return (0..<count).map { block in
            let start = block * series.count / count
            let end = (block + 1) * series.count / count
            return Percentile.median(Array(series[start..<end]))!
        }
    }
}
