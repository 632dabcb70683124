import Converters
import Reports

/// The synthetic and scaling sections' tables and the lines under them.
extension TextReport {
    /// One row per converter and cell (size and orientation), and one per
    /// converter left out of a cell: `skipped: unsupported` or `FAILED: ...`.
    /// `libyuv` names the build the ×libyuv columns divide by.
    static func syntheticTable(_ cells: [CellEntries], libyuv: String = EntryCell.referenceConverter) -> Table {
        var table = Table([
            ("size", false), ("converter", false), ("frames", true), ("median", true), ("p90", true),
            ("p99", true), ("max", true), ("Mpx/s", true), ("GB/s", true), ("×\(libyuv)", true),
            ("×best peer", true), ("cpu×libyuv", true), ("×floor", true), ("×scalar", true), ("bit-exact", false),
        ])
        for cell in cells {
            for (index, entry) in cell.entries.enumerated() {
                table.add([
                    index == 0 ? "\(cell)" : "", entry.converter ?? "-", Format.count(entry.iterations),
                    Format.microseconds(entry.p50), Format.microseconds(entry.p90), Format.microseconds(entry.p99),
                    Format.microseconds(entry.max), Format.fixed(entry.megapixelsPerSecond, 0),
                    Format.fixed(entry.bytesPerSecond.map { $0 / 1e9 }, 2), Format.estimate(entry.libyuvRatio),
                    Format.estimate(entry.bestPeerRatio), Format.estimate(entry.cpuLibyuvRatio), floorText(entry),
                    Format.estimate(entry.scalarRatio), exactnessText(entry),
                ])
            }
            for failure in cell.notMeasured {
                table.add(
                    [cell.entries.isEmpty ? "\(cell)" : "", failure.converter]
                        + Array(repeating: "-", count: 12) + [cellStatus(failure.reason)])
            }
        }
        return table
    }

    /// How the table shows a converter left out of a cell, by its
    /// `not_measured` reason: `skipped: unsupported` (it does not offer the
    /// cell's matrix or orientation) or `FAILED: failed (status N)`.
    static func cellStatus(_ reason: String) -> String {
        reason == "unsupported" ? "skipped: unsupported" : "FAILED: \(reason)"
    }

    /// `yes` or `NO` for an exact converter, a peer's deviation summary
    /// (`peer: max |Δ| ...`), `-` for a floor.
    static func exactnessText(_ entry: ReportEntry) -> String {
        if let deviation = entry.deviation { return "peer: " + deviation.summary }
        return entry.bitExact.map { $0 ? "yes" : "NO" } ?? "-"
    }

    /// A cell's ratio to its floor, naming the floor when it is not the one-thread one.
    static func floorText(_ entry: ReportEntry) -> String {
        Format.estimate(entry.floorRatio)
            + (entry.floor == EntryCell.floorConverter || entry.isFloor ? "" : " (\(entry.floor ?? "-"))")
    }

    /// The section on what each orientation costs: one row per converter
    /// and oriented cell, its time ÷ its upright time; no lines when no
    /// entry has the ratio.
    static func uprightLines(_ cells: [CellEntries]) -> [String] {
        var table = Table([("size", false), ("orientation", false), ("converter", false), ("×upright", true)])
        for cell in cells {
            for entry in cell.entries {
                guard let ratio = entry.uprightRatio else { continue }
                table.add([
                    cell.size + (cell.layout == EntryCell.defaultLayout ? "" : " \(cell.layout)"), cell.orientation,
                    entry.converter ?? "-", Format.estimate(ratio),
                ])
            }
        }
        guard !table.rows.isEmpty else { return [] }
        return [
            "",
            "What each orientation costs: a converter's oriented time ÷ its upright time on the same frames, measured",
            "  round by round beside it in the oriented cell (median of per-round ratios [95 % interval])",
        ] + table.render()
    }

    /// The section on what NV12 (any layout but I420) costs next to I420:
    /// `simd`'s and the one-thread floor's time in each such cell ÷ their
    /// time in the I420 cell of the same size and orientation; no lines when
    /// no cell has both.
    static func layoutCostLines(_ cells: [CellEntries]) -> [String] {
        var table = Table([("cell", false), ("converter", false), ("×i420", true)])
        for cell in cells {
            for entry in cell.entries
            where entry.converter == ConverterRegistry.streamDefaultName || entry.converter == EntryCell.floorConverter
            {
                guard let ratio = entry.i420Ratio else { continue }
                table.add([
                    "\(cell)", entry.converter ?? "-",
                    Format.estimate(ratio) + (entry.ratioToI420Conclusive ?? true ? "" : " (few blocks)"),
                ])
            }
        }
        guard !table.rows.isEmpty else { return [] }
        return [
            "",
            "What NV12 costs next to I420: the time in the nv12 cell ÷ the time in the I420 cell of the same size and",
            "  orientation (same samples): Hodges–Lehmann over the medians of 10 blocks of each cell's frame times",
            "  [95 % interval]; the two cells run one after the other, not paired round by round, so drift between",
            "  them counts in it (every converter's: ratio_to_i420 in --json)",
        ] + table.render()
    }

    /// The converters of `cells` whose median paired ratio to their floor
    /// is below `tolerance`, with their cells (none without a tolerance).
    static func belowFloor(_ cells: [CellEntries], tolerance: Double?) -> [(cell: CellEntries, entry: ReportEntry)] {
        guard let tolerance else { return [] }
        return cells.flatMap { cell in
            cell.entries.filter { $0.isBelowFloor(tolerance: tolerance) }.map { (cell, $0) }
        }
    }

    /// One warning line per converter and size whose median paired ratio to
    /// its floor is below `tolerance`: a converter whose bytes are not
    /// libyuv's is faster than moving its bytes, so its output cannot have
    /// been written; for any other, the floor is wrong.
    static func floorWarnings(_ cells: [CellEntries], tolerance: Double?) -> [String] {
        belowFloor(cells, tolerance: tolerance).map { cell, entry in
            "WARNING: \(entry.converter ?? "-") at \(cell) takes \(Format.estimate(entry.floorRatio)) of \(entry.floor ?? "-")'s time, "
                + "below \(Format.ratio(tolerance)): "
                + (entry.bitExact == false
                    ? "faster than moving its bytes: the output cannot have been written"
                    : "that floor is not a floor")
        }
    }

    /// One row per size: the parallel converter at each thread count, libyuv, the floor.
    static func scalingTable(_ sizes: [CellEntries]) -> Table {
        let labels = sizes.first?.entries.compactMap(\.converter) ?? []
        var columns: [(String, Bool)] = [("size", false)]
        columns += labels.map { ($0, true) }
        columns += [("best ÷ floor", true), ("ns/px floor", true)]
        var table = Table(columns)
        for size in sizes {
            let medians = labels.map { size.entry($0)?.p50 }
            let threaded = size.entries.filter { !$0.isFloor && $0.converter != EntryCell.referenceConverter }
            let best = threaded.compactMap(\.floorRatio).min { $0.median < $1.median }
            let floor = size.entry(EntryCell.floorConverter)?.p50
            table.add(
                [size.size] + medians.map(Format.microseconds) + [
                    Format.estimate(best),
                    Format.fixed(floor.map { $0 * 1000 / Double(max(size.pixelCount, 1)) }, 2),
                ])
        }
        return table
    }
}
