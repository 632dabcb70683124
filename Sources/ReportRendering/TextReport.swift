import Reports

/// The report as aligned text tables, as `bench` prints it on standard output.
public enum TextReport {
    /// Every section of `document` that has results, as the lines `bench`
    /// prints on standard output (without their newlines), in order.
    public static func lines(_ document: ReportDocument) -> [String] {
        let context = document.context
        let synthetic = CellEntries.synthetic(in: document)
        let serial = StreamEntries.all(in: document, mode: "serial")
        let pipelined = StreamEntries.all(in: document, mode: "pipelined")
        let scaling = CellEntries.scaling(in: document)
        var lines: [String] = []
        lines.append(
            "bench: matrix \(context.matrix ?? "-"); \(Format.count(context.warmupRounds)) warm-up rounds; "
                + "each cell ≥ \(Format.count(context.minimumFrames)) frames "
                + "(≤ \(Format.count(context.maximumFrames)), ~\(Format.fixed(context.secondsPerSize, 1)) s a size"
                + (context.deadlineSeconds.map {
                    " or less, for the report to end within \(Format.fixed($0, 1)) s"
                } ?? "")
                + "); contenders interleaved per frame in a balanced order, passing their outputs along between stretches of rounds; "
                + (Format.pacing(idleGapMilliseconds: context.idleGapMilliseconds).map { "paced: \($0); " } ?? "")
                + "×libyuv, ×best peer, ×floor and ×scalar are medians of per-round paired time ratios (lower is faster)"
        )
        lines += (context.peerBuilds ?? []).map { "peer " + $0.line }
        if !synthetic.isEmpty {
            lines.append("")
            lines.append("Converters on synthetic frames (latency per frame on the monotonic clock, µs)")
            lines += syntheticTable(synthetic, libyuv: oracleLabel(context)).render()
            lines += bestPeerLines(synthetic)
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
            if synthetic.contains(where: { $0.layout != EntryCell.defaultLayout }) {
                lines.append(
                    "a cell named with nv12 converts NV12 frames (the same samples, chroma pairs interleaved); its floors move"
                )
                lines.append(
                    "  NV12's bytes (as many as I420's, in two planes) and GB/s counts them; libyuv converts NV12 itself"
                )
            }
            if synthetic.contains(where: { $0.orientation != CellEntries.upright }) {
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
            lines += floorLines(synthetic, context: context)
            lines += floorWarnings(synthetic, tolerance: context.floorTolerance)
            lines += uprightLines(synthetic)
            lines += layoutCostLines(synthetic)
        }
        if !serial.isEmpty {
            lines.append("")
            lines.append(
                "End to end, serial (converter \(context.streamConverter ?? "-"); latency µs; bad-ts-* files are broken on purpose)"
            )
            lines += streamTable(serial).render()
        }
        if !pipelined.isEmpty {
            lines.append("")
            lines.append(
                "Pipelined: decode N+1 on one Dispatch queue while N converts on another (depth \(Format.count(context.pipelineDepth)))"
            )
            lines += pipelineTable(serial: serial, pipelined: pipelined).render()
        }
        if !document.presentation.isEmpty {
            lines.append("")
            lines.append(
                "Presentation: each converted frame stamped for display as an app does (docs/presentation.md);")
            lines.append(
                "  host-ms = the PiP sample's host clock in ms with 1 s durations, stream = media time anchored at the first frame"
            )
            lines += PresentTable.lines(document.presentation, settings: true)
        }
        if !scaling.isEmpty {
            lines.append("")
            lines.append(
                "Scaling: ParallelConverter(simd) median µs per frame by thread count, beside libyuv and the memory floor"
            )
            lines += scalingTable(scaling).render()
        }
        lines.append("")
        lines.append("done in \(Format.fixed(context.seconds, 1)) s")
        return lines
    }

    /// The oracle's column label: `libyuv` with the version of Debian's
    /// build when the report knows it (`libyuv 1857`).
    static func oracleLabel(_ context: ReportContext) -> String {
        context.peerBuilds?.first { $0.converter == EntryCell.referenceConverter }?.version.map { "libyuv \($0)" }
            ?? EntryCell.referenceConverter
    }

    /// Which peer each cell's ×best peer divides by, as lines under the
    /// table (none when no cell has one).
    static func bestPeerLines(_ cells: [CellEntries]) -> [String] {
        let named = cells.compactMap { cell in
            cell.entries.lazy.compactMap(\.bestPeer).first.map { "\(cell) \($0)" }
        }
        guard !named.isEmpty else { return [] }
        return [
            "×best peer divides by the cell's fastest peer (lowest median: libyuv, libyuv-latest or swscale): "
                + named.joined(separator: ", ")
        ]
    }

    /// The floors' lines under the synthetic table: the one-thread floor's
    /// passes timed alone (the first orientation of each size and layout),
    /// the method each cell's floor kept, and the store kinds `simd` chose
    /// by trial.
    static func floorLines(_ cells: [CellEntries], context: ReportContext) -> [String] {
        let methods = context.floorMethods ?? []
        var lines = [
            "floor alone (back to back on warm buffers, as scripts/floor-probe.c times it), µs cached / streaming in pieces,"
                + " blocks, whole rows, single rows, planes, prefetched blocks: "
                + cells.filter { cell in
                    cells.first { $0.size == cell.size && $0.layout == cell.layout }?.orientation == cell.orientation
                }.map { cell in
                    let alone = context.floorAlone?[cell.nameComponent] ?? [:]
                    return "\(cell) "
                        + methods.map { Format.micros(alone[$0].map { $0 * 1000 }) }
                        .joined(separator: " / ")
                }.joined(separator: ", "),
            "floor methods (the fastest of \(methods.count), each timed in every round of the cell): "
                + cells.compactMap { cell in
                    cell.entry(EntryCell.floorConverter)?.floorMethod.map { "\(cell) \($0)" }
                }.joined(separator: ", "),
        ]
        if let trials = context.storeTrials, !trials.isEmpty {
            lines.append(
                "simd store kinds by trial (median µs of the latest check, cached / streaming; "
                    + "checks, and how many changed the kind): "
                    + trials.map { trial in
                        "\(trial.size ?? "\(trial.bytes >> 10) KiB") \(trial.stores) "
                            + "\(Format.microseconds(trial.cachedMedianMicros)) / \(Format.microseconds(trial.streamingMedianMicros))"
                            + " (\(Format.count(trial.checks)), \(Format.count(trial.changes)))"
                    }.joined(separator: ", "))
        }
        return lines
    }
}
