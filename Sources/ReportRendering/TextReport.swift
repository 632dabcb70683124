import Converters
import Frames
import Measurement
import ReportRun
import Streams

/// The report as aligned text tables, as `bench` prints it on standard output.
public enum TextReport {
    /// Every section of `report` that has results, as the lines `bench`
    /// prints on standard output (without their newlines), in order.
    public static func lines(_ report: Report) -> [String] {
        var lines: [String] = []
        let b = report.budget
        lines.append(
            "bench: matrix \(report.matrix.name); \(b.warmupRounds) warm-up rounds; each cell ≥ \(b.minFrames) frames "
                + "(≤ \(b.maxFrames), ~\(Format.fixed(b.seconds, 1)) s a size"
                + (report.deadline.map { " or less, for the report to end within \(Format.fixed($0, 1)) s" } ?? "")
                + "); contenders interleaved per frame in a balanced order, passing their outputs along between stretches of rounds; "
                + (Format.pacing(b).map { "paced: \($0); " } ?? "")
                + "×libyuv, ×best peer, ×floor and ×scalar are medians of per-round paired time ratios (lower is faster)"
        )
        lines += report.peerBuilds.map { "peer " + $0.line }
        if !report.synthetic.isEmpty {
            lines.append("")
            lines.append("Converters on synthetic frames (latency per frame on the monotonic clock, µs)")
            lines += syntheticTable(report.synthetic, libyuv: oracleLabel(report)).render()
            lines += bestPeerLines(report.synthetic)
            lines.append(
                "ratios: median of per-round paired ratios [its 95 % interval]; below 1 is faster than the reference")
            lines.append(
                "floor = every I420 byte read once with vector loads + every BGRA byte written once (the fastest, measured in"
            )
            lines.append(
                "  the cell, of 64/256-pixel pieces of row pairs, prefetching 64-pixel ones, whole pairs, 256-pixel pieces of rows or a plane"
            )
            lines.append(
                "  at a time), the fastest they can move; floor:Nthreads the same in the parallel converter's"
            )
            lines.append(
                "  bands on N threads; a converter that splits a size is held, round by round, to the faster of the two;"
            )
            lines.append("  GB/s counts I420 read + BGRA written")
            if report.synthetic.contains(where: { $0.layout != .i420 }) {
                lines.append(
                    "a cell named with nv12 converts NV12 frames (the same samples, chroma pairs interleaved); its floors move"
                )
                lines.append(
                    "  NV12's bytes (as many as I420's, in two planes) and GB/s counts them; libyuv converts NV12 itself"
                )
            }
            if report.synthetic.contains(where: { $0.orientation != .upright }) {
                lines.append(
                    "a cell named with an orientation converts into it (libyuv: its rotate/mirror passes, then the conversion;"
                )
                lines.append(
                    "  docs/orientation.md); its floors move the upright cell's bytes; skipped: the converter does not offer it"
                )
            }
            lines.append(
                "cpu×libyuv = the same paired ratio of process CPU time (all threads): the work ratio, which other processes barely move"
            )
            lines.append(
                "floor alone (back to back on warm buffers, as scripts/floor-probe.c times it), µs cached / streaming in pieces,"
                    + " blocks, whole rows, single rows, planes, prefetched blocks: "
                    + report.synthetic.filter { size in
                        report.synthetic.first { $0.size == size.size && $0.layout == size.layout }?.orientation
                            == size.orientation
                    }.map { size in
                        "\(size.cell) "
                            + FloorMethod.allCases.map { Format.micros(size.floorAlone[$0].map { $0 * 1000 }) }
                            .joined(separator: " / ")
                    }.joined(separator: ", "))
            lines.append(
                "floor methods (the fastest of \(FloorMethod.allCases.count), each timed in every round of the cell): "
                    + report.synthetic.compactMap { size in
                        size.cells.first { $0.id == .floor(threads: 1) }?.floorMethod.map { "\(size.cell) \($0)" }
                    }.joined(separator: ", "))
            if !report.storeTrials.isEmpty {
                lines.append(
                    "simd store kinds by trial (median µs of the latest check, cached / streaming; "
                        + "checks, and how many changed the kind): "
                        + report.storeTrials.map { trial in
                            // The report's outputs have rows padded to a cache line.
                            let size = report.synthetic.first {
                                BGRABuffer.alignedStride(width: $0.size.width) * $0.size.height == trial.bytes
                            }?.size
                            return "\(size.map { "\($0.width)x\($0.height)" } ?? "\(trial.bytes >> 10) KiB") "
                                + "\(trial.stores.rawValue) "
                                + "\(Format.micros(Double(trial.cachedMedian))) / \(Format.micros(Double(trial.streamingMedian)))"
                                + " (\(trial.checks), \(trial.changes))"
                        }.joined(separator: ", "))
            }
            lines += floorWarnings(report.synthetic)
            let uprightRatios = UprightRatio.all(in: report.synthetic)
            if !uprightRatios.isEmpty {
                lines.append("")
                lines.append(
                    "What each orientation costs: a converter's oriented time ÷ its upright time on the same frames, measured"
                )
                lines.append(
                    "  round by round beside it in the oriented cell (median of per-round ratios [95 % interval])")
                lines += uprightTable(uprightRatios).render()
            }
            lines += layoutCostLines(LayoutCost.all(in: report.synthetic))
        }
        if !report.serial.isEmpty {
            lines.append("")
            lines.append(
                "End to end, serial (converter \(report.streamConverter); latency µs; bad-ts-* files are broken on purpose)"
            )
            lines += streamTable(report.serial).render()
        }
        if !report.pipelined.isEmpty {
            lines.append("")
            lines.append(
                "Pipelined: decode N+1 on one Dispatch queue while N converts on another (depth \(Pipeline.defaultDepth))"
            )
            lines += pipelineTable(serial: report.serial, pipelined: report.pipelined).render()
        }
        if !report.presentation.isEmpty {
            lines.append("")
            lines.append(
                "Presentation: each converted frame stamped for display as an app does (docs/presentation.md);")
            lines.append(
                "  host-ms = the PiP sample's host clock in ms with 1 s durations, stream = media time anchored at the first frame"
            )
            lines += PresentTable.lines(report.presentation, settings: true)
        }
        if !report.scaling.isEmpty {
            lines.append("")
            lines.append(
                "Scaling: ParallelConverter(simd) median µs per frame by thread count, beside libyuv and the memory floor"
            )
            lines += scalingTable(report.scaling).render()
        }
        lines.append("")
        lines.append("done in \(Format.fixed(report.seconds, 1)) s")
        return lines
    }

    /// The oracle's column label: `libyuv` with the version of Debian's
    /// build when the report knows it (`libyuv 1857`).
    static func oracleLabel(_ report: Report) -> String {
        report.peerBuilds.first { $0.converter == Contender.referenceLabel }?.version.map { "libyuv \($0)" }
            ?? Contender.referenceLabel
    }

    /// Which peer each cell's ×best peer divides by, as lines under the
    /// table (none when no cell has one).
    static func bestPeerLines(_ sizes: [CellResults]) -> [String] {
        let named = sizes.compactMap { size in
            size.cells.lazy.compactMap(\.bestPeer).first.map { "\(size.cell) \($0)" }
        }
        guard !named.isEmpty else { return [] }
        return [
            "×best peer divides by the cell's fastest peer (lowest median: libyuv, libyuv-latest or swscale): "
                + named.joined(separator: ", ")
        ]
    }

    /// One row per converter and cell (size and orientation), and one per
    /// converter left out of a cell: `skipped: unsupported` or `FAILED: ...`.
    /// `libyuv` names the build the ×libyuv columns divide by.
    static func syntheticTable(_ sizes: [CellResults], libyuv: String = Contender.referenceLabel) -> Table {
        var table = Table([
            ("size", false), ("converter", false), ("frames", true), ("median", true), ("p90", true),
            ("p99", true), ("max", true), ("Mpx/s", true), ("GB/s", true), ("×\(libyuv)", true),
            ("×best peer", true), ("cpu×libyuv", true), ("×floor", true), ("×scalar", true), ("bit-exact", false),
        ])
        for size in sizes {
            for (index, cell) in size.cells.enumerated() {
                table.add([
                    index == 0 ? "\(size.cell)" : "", cell.label, "\(cell.wall.count)",
                    Format.micros(cell.wall.median), Format.micros(cell.wall.p90), Format.micros(cell.wall.p99),
                    Format.micros(cell.wall.max), Format.fixed(cell.megapixelsPerSecond, 0),
                    Format.fixed(cell.gigabytesPerSecond, 2), Format.estimate(cell.ratioToLibyuv),
                    Format.estimate(cell.ratioToBestPeer), Format.estimate(cell.cpuRatioToLibyuv), floorText(cell),
                    Format.estimate(cell.ratioToScalar), exactnessText(cell),
                ])
            }
            for failure in size.excluded {
                table.add(
                    [size.cells.isEmpty ? "\(size.cell)" : "", failure.label]
                        + Array(repeating: "-", count: 12) + [failure.cellStatus])
            }
        }
        return table
    }

    /// `yes` or `NO` for an exact converter, a peer's deviation summary
    /// (`peer: max |Δ| ...`), `-` for a floor.
    static func exactnessText(_ cell: ContenderResult) -> String {
        if let deviation = cell.deviation { return "peer: " + deviation.summary }
        return cell.bitExact.map { $0 ? "yes" : "NO" } ?? "-"
    }

    /// A cell's ratio to its floor, naming the floor when it is not the one-thread one.
    static func floorText(_ cell: ContenderResult) -> String {
        Format.estimate(cell.ratioToFloor)
            + (cell.floorLabel == Contender.floorLabel || cell.isFloor ? "" : " (\(cell.floorLabel))")
    }

    /// The section on what NV12 (any layout but I420) costs next to I420:
    /// `simd`'s and the one-thread floor's time in each such cell ÷ their
    /// time in the I420 cell of the same size and orientation; no lines when
    /// no cell has both.
    static func layoutCostLines(_ costs: [LayoutCost]) -> [String] {
        let shown = costs.filter { $0.label == ConverterRegistry.streamDefaultName || $0.label == Contender.floorLabel }
        guard !shown.isEmpty else { return [] }
        var table = Table([("cell", false), ("converter", false), ("×i420", true)])
        for cost in shown {
            table.add([
                "\(cost.cell)", cost.label, Format.estimate(cost.estimate) + (cost.conclusive ? "" : " (few blocks)"),
            ])
        }
        return [
            "",
            "What NV12 costs next to I420: the time in the nv12 cell ÷ the time in the I420 cell of the same size and",
            "  orientation (same samples): Hodges–Lehmann over the medians of 10 blocks of each cell's frame times",
            "  [95 % interval]; the two cells run one after the other, not paired round by round, so drift between",
            "  them counts in it (every converter's: ratio_to_i420 in --json)",
        ] + table.render()
    }

    /// One row per converter and oriented cell: its time ÷ its upright time.
    static func uprightTable(_ ratios: [UprightRatio]) -> Table {
        var table = Table([("size", false), ("orientation", false), ("converter", false), ("×upright", true)])
        for ratio in ratios {
            table.add([
                "\(ratio.size)" + (ratio.layout == .i420 ? "" : " \(ratio.layout)"), ratio.orientation.name,
                ratio.label,
                Format.estimate(ratio.estimate),
            ])
        }
        return table
    }

    /// One warning line per converter and size whose median paired ratio to
    /// its floor is below `CellResults.floorTolerance`: a converter whose
    /// bytes are not libyuv's is faster than moving its bytes, so its output
    /// cannot have been written; for any other, the floor is wrong.
    static func floorWarnings(_ sizes: [CellResults]) -> [String] {
        sizes.flatMap { size in
            size.belowFloor.map { cell in
                "WARNING: \(cell.label) at \(size.cell) takes \(Format.estimate(cell.ratioToFloor)) of \(cell.floorLabel)'s time, "
                    + "below \(Format.ratio(CellResults.floorTolerance)): "
                    + (cell.bitExact == false
                        ? "faster than moving its bytes: the output cannot have been written"
                        : "that floor is not a floor")
            }
        }
    }

    /// One row per file of the serial pass.
    static func streamTable(_ runs: [StreamRun]) -> Table {
        var table = Table([
            ("file", false), ("codec", false), ("frames", true), ("passes", true), ("decode med", true),
            ("decode p99", true),
            ("convert med", true), ("convert p99", true), ("timestamps", false), ("gaps", false),
            ("delivery", false),
        ])
        for run in runs {
            table.add([
                VectorFiles.fileName(run.path) + (run.error == nil ? "" : " (ERROR: \(run.error!))"),
                codecText(run), "\(run.frames)", "\(run.passes)", Format.micros(run.decode?.median),
                Format.micros(run.decode?.p99),
                Format.micros(run.convert?.median), Format.micros(run.convert?.p99),
                timestampText(run), gapText(run), deliveryText(run),
            ])
        }
        return table
    }

    /// The codec read (`AV1`; `AV1, track 2` for a file's second video
    /// track), or `?` when the file could not be read.
    static func codecText(_ run: StreamRun) -> String {
        guard let track = run.track else { return "?" }
        return track.number == 1 ? "\(track.codec)" : "\(track.codec), track \(track.number)"
    }

    /// One row per file: serial and pipelined frame rates and the pipelined checks.
    static func pipelineTable(serial: [StreamRun], pipelined: [StreamRun]) -> Table {
        var table = Table([
            ("file", false), ("frames", true), ("serial fps", true), ("pipelined fps", true),
            ("speed-up", true), ("latency med", true), ("latency p99", true), ("in order", false),
            ("delivery", false),
        ])
        for run in pipelined {
            let before = serial.first { $0.path == run.path }
            table.add([
                VectorFiles.fileName(run.path) + (run.error == nil ? "" : " (ERROR)"), "\(run.frames)",
                Format.fixed(before?.framesPerSecond, 0), Format.fixed(run.framesPerSecond, 0),
                Format.ratio(before.map { run.framesPerSecond / max($0.framesPerSecond, 1e-9) }),
                Format.micros(run.latency?.median), Format.micros(run.latency?.p99),
                run.inOrder ? "yes" : "NO", deliveryText(run),
            ])
        }
        return table
    }

    /// One row per size: the parallel converter at each thread count, libyuv, the floor.
    static func scalingTable(_ sizes: [CellResults]) -> Table {
        let labels = sizes.first?.cells.map(\.label) ?? []
        var columns: [(String, Bool)] = [("size", false)]
        columns += labels.map { ($0, true) }
        columns += [("best ÷ floor", true), ("ns/px floor", true)]
        var table = Table(columns)
        for size in sizes {
            let medians = labels.map { label in size.cells.first { $0.label == label }?.wall.median }
            let threaded = size.cells.filter {
                if case .threads = $0.id { true } else { false }
            }
            let best = threaded.compactMap(\.ratioToFloor).min { $0.median < $1.median }
            let floor = size.cells.first { $0.label == Contender.floorLabel }?.wall.median
            table.add(
                ["\(size.size)"] + medians.map(Format.micros) + [
                    Format.estimate(best),
                    Format.fixed(floor.map { $0 / Double(max(size.size.pixelCount, 1)) }, 2),
                ])
        }
        return table
    }

    /// `ok`, or the violations with their shown-frame indices (and `expected` for bad-ts files); `-` for a file that gave no frame.
    static func timestampText(_ run: StreamRun) -> String {
        if run.frames == 0 && run.error != nil { return "-" }
        let violations = run.timestamps.violations
        if violations.isEmpty { return run.expectedBad ? "ok (UNEXPECTED: bad-ts file passed)" : "ok" }
        let kinds = Set(violations.map { $0.kind == .backwards ? "backwards" : "duplicate" }).sorted().joined(
            separator: "+")
        let indices =
            violations.prefix(8).map { "\($0.frame.index)" }.joined(separator: ",")
            + (violations.count > 8 ? ",…" : "")
        return "\(kinds) at \(indices)" + (run.expectedBad ? " (expected)" : " FAIL")
    }

    /// `none`, or the number of gaps and where the first are; `-` for a file that gave no frame.
    static func gapText(_ run: StreamRun) -> String {
        if run.frames == 0 && run.error != nil { return "-" }
        let gaps = run.timestamps.gaps
        guard !gaps.isEmpty else { return "none" }
        return "\(gaps.count) at " + gaps.prefix(5).map { "\($0.frame.index)" }.joined(separator: ",")
            + (gaps.count > 5 ? ",…" : "")
    }

    /// `monotonic`, or where delivery went wrong; `-` for a file that gave no frame.
    static func deliveryText(_ run: StreamRun) -> String {
        if run.frames == 0 && run.error != nil { return "-" }
        if !run.inOrder { return "OUT OF ORDER" }
        if let at = run.deliveryBackwardsAt { return "BACKWARDS at \(at)" }
        return "monotonic"
    }
}
