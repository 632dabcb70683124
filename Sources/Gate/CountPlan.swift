import Converters
import Frames
import Measurement
import SIMDRows

/// What `bench count` counts: the gate's cells, a fixed number of frames
/// in each, the converters, and the SIMD levels Valgrind can run.
///
/// Counts are deterministic (the same build counts the same instructions
/// on every run), so one process per level and side is enough, and two
/// frames a cell keep a whole count of a build within a minute or two
/// under Callgrind.
public enum CountPlan {
    /// The cells counted: the gate's sizes upright, the report's default
    /// oriented cells among them, and those at `GateLayouts.nv12Sizes` in
    /// NV12 as well, as the default gate measures them.
    public static let cells: [SyntheticCell] = {
        let base =
            GateRun.sizes.map { SyntheticCell(size: $0) }
            + SyntheticCell.defaultOriented.filter { GateRun.sizes.contains($0.size) }
        return base + base.filter { GateLayouts.nv12Sizes.contains($0.size) }.map { $0.inLayout(.nv12) }
    }()

    /// Frames converted while counting, in each cell (after one conversion
    /// not counted, which leaves out what a converter does only once).
    public static let frames = 2

    /// Converters whose code follows `FRAMEBENCH_SIMD` and so are counted
    /// at every level; every other converter is counted at the first level only.
    public static let levelDependent = Set(ConverterRegistry.names(with: .countedPerLevel))

    /// Converters never counted: `parallel` splits a frame across threads,
    /// and how its threads wait is a matter of scheduling, not of its code
    /// (its bands run `simd`'s kernel, which is counted).
    public static let uncounted = Set(ConverterRegistry.names(with: .splitsFrames))

    /// The peers counted beside every gate's converters as its control:
    /// libraries that are the same in both builds, so their counts move
    /// only when the harness does (what frames, buffers and calls it gives them).
    public static let controls = ConverterRegistry.names(with: .countControl)

    /// The levels counted, first level first: the machine's best below
    /// AVX-512 (Valgrind's CPU shows AVX2 at most) and the baseline.
    /// `best` is what `SIMDLevel.best` says outside Valgrind.
    public static func levels(best: SIMDLevel = .best) -> [SIMDLevel] {
        let first = min(best, .avx2)
        return first == .baseline ? [.baseline] : [first, .baseline]
    }

    /// The converters counted for `gated` (the gate's converters): those
    /// not `uncounted`, then the available `controls` not among them.
    public static func converters(for gated: [String]) -> [String] {
        let counted = gated.filter { !uncounted.contains($0) }
        let peers = controls.filter { name in
            !counted.contains(name) && ConverterRegistry.entry(named: name)?.isAvailable == true
        }
        return counted + peers
    }

    /// The string the counting process gives `CALLGRIND_DUMP_STATS_AT`
    /// after the frames of `cell` by `converter`: `count FRAMES CELL
    /// CONVERTER` (the cell as a report's entry names it, without spaces).
    public static func request(converter: String, cell: SyntheticCell, frames: Int) -> String {
        "count \(frames) \(cell.nameComponent) \(converter)"
    }

    /// The converter, cell and frames of a `request(converter:cell:frames:)`
    /// string; nil for any other string.
    public static func parse(request: String) -> (converter: String, cell: SyntheticCell, frames: Int)? {
        let words = request.split(separator: " ", maxSplits: 3).map(String.init)
        guard words.count == 4, words[0] == "count", let frames = Int(words[1]), frames > 0,
            let cell = cells.first(where: { $0.nameComponent == words[2] })
        else { return nil }
        return (words[3], cell, frames)
    }
}
