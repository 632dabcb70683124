import Reports

/// The report as one self-contained HTML page (no scripts, no external
/// files): the machine line, charts as inline SVG — ratios to libyuv,
/// throughput against frame size, per-frame latency distributions per
/// converter, scaling by thread count — and the tables behind them.
public enum HTMLReport {
    /// The whole page for `document`: a complete UTF-8 HTML document,
    /// ending in a newline, that `bench --html` writes as it is.
    public static func render(_ document: ReportDocument) -> String {
        let context = document.context
        let synthetic = CellEntries.synthetic(in: document)
        let serial = StreamEntries.all(in: document, mode: "serial")
        let pipelined = StreamEntries.all(in: document, mode: "pipelined")
        let scaling = CellEntries.scaling(in: document)
        var body = "<h1>FrameBench report</h1>"
        body += "<p class=\"machine\">\(SVG.escape(machineLine(context)))</p>"
        for build in context.peerBuilds ?? [] { body += "<p class=\"meta\">peer \(SVG.escape(build.line))</p>" }
        if context.buildType == "debug" {
            body += "<p class=\"warn\">Debug build: timings are not representative.</p>"
        }
        body +=
            "<p class=\"meta\">\(SVG.escape(context.date ?? "")) · matrix \(context.matrix ?? "-") · \(Format.count(context.warmupRounds)) warm-up rounds · ≥ \(Format.count(context.minimumFrames)) frames per cell · contenders interleaved per frame in a balanced order, passing their outputs along between stretches of rounds\(Format.pacing(idleGapMilliseconds: context.idleGapMilliseconds).map { " · \($0)" } ?? "") · ratios are medians of per-frame paired ratios · \(Format.fixed(context.seconds, 1)) s</p>"
        body += floorWarnings(synthetic: synthetic, scaling: scaling, tolerance: context.floorTolerance)
        if !synthetic.isEmpty {
            body += "<h2>Converters on synthetic frames</h2>"
            body += summary(synthetic)
            body += HTMLCharts.ratioChart(synthetic)
            body += HTMLCharts.throughputChart(
                synthetic.filter(\.isUprightI420), id: "chart-throughput",
                title: "Throughput against frame size (median; dashed: memory floor, a limit)")
            for cell in synthetic { body += HTMLCharts.latencyChart(cell) }
            body += table(
                TextReport.syntheticTable(synthetic, libyuv: TextReport.oracleLabel(context)),
                floorRows: synthetic.flatMap { $0.entries.map(\.isFloor) + $0.notMeasured.map { _ in false } })
            body +=
                "<p class=\"note\">Ratios: median of per-frame paired ratios, its 95 % interval below it. Rows marked <span class=\"floor-tag\">limit</span> are memory floors, not contenders: every I420 byte read once with vector loads and every BGRA byte written once (the fastest, measured in the cell, of 64-pixel blocks of row pairs in the SIMD kernel's own order, the same blocks prefetching the next row pair, 256-pixel pieces of row pairs, whole row pairs, 256-pixel pieces of single rows, or a plane at a time, with streaming or ordinary stores), the fastest the bytes can move; floor:Nthreads is the same in the parallel converter's bands on N threads, the floor of the converters that split that size. GB/s counts I420 bytes read plus BGRA bytes written. cpu×libyuv is the same paired ratio of process CPU time (all threads), the work ratio that <code>bench gate</code> compares because contention from other processes barely moves it. A cell named with an orientation (mirror, rotate90, ...) converts into it, libyuv by its rotate and mirror passes before converting (docs/orientation.md); its floors move the same bytes as the upright cell's; a converter that does not offer the orientation is listed as skipped, untimed.</p>"
            for line in TextReport.bestPeerLines(synthetic) {
                body += "<p class=\"note\">\(SVG.escape(line))</p>"
            }
            body += layoutCost(synthetic)
        }
        if !serial.isEmpty {
            body += "<h2>End to end (serial, converter \(SVG.escape(context.streamConverter ?? "-")))</h2>"
            body +=
                "<p class=\"note\">Latency in µs. Files named bad-ts-* are broken on purpose: their timestamp failure is expected.</p>"
            body += table(TextReport.streamTable(serial))
        }
        if !pipelined.isEmpty {
            body += "<h2>Pipelined (decode N+1 while N converts)</h2>"
            body += table(pipelineTable(serial: serial, pipelined: pipelined))
            body +=
                "<p class=\"note\">speed-up: median over passes of serial pass time ÷ pipelined pass time (pass i against pass i; the two modes run one after the other, not interleaved), its 95 % interval below it.</p>"
        }
        if !document.presentation.isEmpty {
            body += "<h2>Presentation stamps</h2>"
            body += table(PresentTable.table(document.presentation, settings: true))
            body +=
                "<p class=\"note\">Each converted frame stamped for display as an app does: host-ms is the PiP sample's host clock in milliseconds with 1 s durations, stream the frame's media time anchored at the first presentation. dup and regr are presentation times that do not strictly increase (a failure); see docs/presentation.md.</p>"
        }
        if !scaling.isEmpty {
            body += "<h2>Scaling: ParallelConverter by thread count</h2>"
            body += HTMLCharts.throughputChart(
                scaling, id: "chart-scaling",
                title: "Throughput by thread count against frame size (dashed: memory floors, limits)")
            body += table(
                TextReport.scalingTable(scaling),
                floorColumns: Set((scaling.first?.entries ?? []).filter(\.isFloor).compactMap(\.converter)))
            body +=
                "<p class=\"note\">Median µs per frame. Columns marked <span class=\"floor-tag\">limit</span> are memory floors on that many threads. best ÷ floor: the fastest thread count's median paired ratio to the one-thread floor, its 95 % interval below it.</p>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>FrameBench report</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>
            body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px auto; max-width: 1240px; color: #222; padding: 0 16px; }
            h1 { font-size: 24px; margin-bottom: 4px; } h2 { font-size: 19px; margin-top: 36px; border-bottom: 1px solid #ddd; }
            .machine { font-weight: 600; } .meta, .note { color: #555; font-size: 13px; max-width: 1000px; } .warn { color: #b00; font-weight: 700; }
            .warnings { border: 2px solid #b00; background: #fff3f3; border-radius: 6px; padding: 8px 14px; margin: 14px 0; }
            .warnings ul { margin: 4px 0; padding-left: 20px; color: #600; }
            .chart { display: block; width: 100%; max-width: 1000px; height: auto; margin: 12px 0; background: #fcfcfc; border: 1px solid #eee; }
            .chart .title { font-size: 14px; font-weight: 600; } .chart .tick { font-size: 11px; fill: #555; }
            .chart .axis { font-size: 12px; fill: #333; } .chart .legend { font-size: 12px; fill: #222; }
            .chart .limit-heading { font-style: italic; fill: #555; } .chart .floor-caption { font-size: 11px; fill: #444; font-style: italic; }
            .chart .grid { stroke: #e4e4e4; stroke-width: 1; }
            .scroll { overflow-x: auto; }
            table { border-collapse: collapse; font-size: 12.5px; margin: 10px 0; }
            th, td { padding: 3px 7px; border-bottom: 1px solid #eee; vertical-align: top; }
            th { background: #f3f3f3; text-align: left; } td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            td.text { white-space: normal; overflow-wrap: break-word; min-width: 4em; max-width: 16em; }
            .ci { display: block; font-size: 10.5px; color: #666; }
            tr.floor td { background: #f6f6f6; color: #555; font-style: italic; }
            .floor-tag { display: inline-block; font-size: 10px; font-style: normal; font-weight: 600; color: #fff; background: #777; border-radius: 3px; padding: 0 4px; margin-left: 4px; vertical-align: 1px; }
            .cards { display: flex; flex-wrap: wrap; gap: 10px; } .card { border: 1px solid #ddd; border-radius: 6px; padding: 8px 12px; min-width: 150px; }
            .card b { font-size: 20px; display: block; } .card .ci { display: inline; font-size: 12px; } .bad { color: #b00; font-weight: 700; }
            </style></head><body>
            \(body)
            </body></html>

            """
    }

    /// The machine line: `machine: MODEL (VENDOR family F model M), N
    /// cores, release build, SIMD PATH`.
    static func machineLine(_ context: ReportContext) -> String {
        "machine: \(context.cpuModel ?? "-") (\(context.cpuIdentity ?? "-")), \(Format.count(context.cores)) cores, "
            + "\(context.buildType ?? "-") build, \(context.simdPath ?? "-")"
    }

    /// A visible warning naming every converter, size and floor where the
    /// converter's median paired ratio to its floor is below `tolerance`
    /// (then the floor is wrong); empty when none is.
    static func floorWarnings(synthetic: [CellEntries], scaling: [CellEntries], tolerance: Double?) -> String {
        let sections = [("synthetic", synthetic), ("scaling", scaling)]
        let items = sections.flatMap { section, cells in
            TextReport.belowFloor(cells, tolerance: tolerance).map { cell, entry in
                "<li><b>\(SVG.escape(entry.converter ?? "-"))</b> at <b>\(cell)</b> (\(section)) takes \(Format.estimate(entry.floorRatio)) "
                    + "of <b>\(SVG.escape(entry.floor ?? "-"))</b>'s time, below \(Format.ratio(tolerance)): "
                    + "that floor is not a floor</li>"
            }
        }
        guard !items.isEmpty else { return "" }
        return
            "<div class=\"warnings\" id=\"floor-warnings\"><p class=\"warn\">Warning: a converter beat its memory floor, "
            + "so the floor is wrong (a floor is the fastest the bytes can move)</p><ul>\(items.joined())</ul></div>"
    }

    /// The NV12 cells' note and what NV12 costs next to I420 (as the text
    /// report's section); empty without NV12 cells.
    static func layoutCost(_ cells: [CellEntries]) -> String {
        guard cells.contains(where: { $0.layout != EntryCell.defaultLayout }) else { return "" }
        var html =
            "<p class=\"note\">A cell named with <b>nv12</b> converts NV12 frames (the same samples as the I420 cell, chroma pairs interleaved); its floors move NV12's bytes (as many as I420's, in two planes); libyuv converts NV12 itself.</p>"
        let lines = TextReport.layoutCostLines(cells)
        guard !lines.isEmpty else { return html }
        html += "<h3>What NV12 costs next to I420</h3>"
        html += "<pre>" + lines.dropFirst().map(SVG.escape).joined(separator: "\n") + "</pre>"
        return html
    }

    /// Headline cards: each converter's time ÷ libyuv at the largest
    /// upright size (the largest size when none is upright) with its 95 %
    /// interval, and bit-exactness over every cell (for a peer, its
    /// deviation from libyuv over every cell).
    static func summary(_ cells: [CellEntries]) -> String {
        let upright = cells.filter(\.isUprightI420)
        guard let largest = (upright.isEmpty ? cells : upright).max(by: { $0.pixelCount < $1.pixelCount }) else {
            return ""
        }
        var html = "<div class=\"cards\">"
        for entry in largest.entries where !entry.isFloor {
            let label = entry.converter ?? "-"
            let exact = cells.allSatisfy { $0.entry(label)?.bitExact ?? true }
            html += "<div class=\"card\">\(SVG.escape(label))<b>\(Format.ratio(entry.libyuvRatio))× libyuv</b>"
            html += "<span class=\"ci\">95 % interval \(interval(entry.libyuvRatio))</span><br>"
            html +=
                "\(Format.ratio(entry.floorRatio))× \(SVG.escape(entry.floor ?? "-")) <span class=\"ci\">\(interval(entry.floorRatio))</span> at \(largest)<br>"
            if let deviation = ReportDeviation.combined(cells.compactMap { $0.entry(label)?.deviation }) {
                html += "peer: " + SVG.escape(deviation.summary)
            } else {
                html += exact ? "bit-exact" : "<span class=\"bad\">NOT bit-exact</span>"
            }
            html += "</div>"
        }
        return html + "</div>"
    }

    /// An estimate's interval as `[lower, upper]` (`-` for nil).
    static func interval(_ estimate: EntryRatio?) -> String {
        guard let estimate else { return "-" }
        return "[\(Format.fixed(estimate.lower, 2)), \(Format.fixed(estimate.upper, 2))]"
    }

    /// The text report's pipeline table with the speed-up as a ratio
    /// estimate: the median over passes of serial pass time ÷ pipelined
    /// pass time, with its 95 % interval.
    static func pipelineTable(serial: [StreamEntries], pipelined: [StreamEntries]) -> Table {
        let text = TextReport.pipelineTable(serial: serial, pipelined: pipelined)
        let column = text.headers.firstIndex(of: "speed-up")
        var table = Table(Array(zip(text.headers, text.numeric)))
        for (run, row) in zip(pipelined, text.rows) {
            var cells = row
            if let column, let estimate = run.frame?.speedUp { cells[column] = Format.estimate(estimate) }
            table.add(cells)
        }
        return table
    }

    /// A table cell: an estimate (`median [lower,upper]` and an optional
    /// suffix) as its median over a smaller interval line, else the text.
    static func cell(_ text: String) -> String {
        guard let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]"), open < close,
            let median = Double(text[..<open].trimmingCharacters(in: .whitespaces))
        else { return SVG.escape(text) }
        let bounds = text[text.index(after: open)..<close].split(separator: ",").compactMap { Double($0) }
        guard bounds.count == 2, median.isFinite else { return SVG.escape(text) }
        let suffix = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
        return "\(SVG.escape(String(text[..<open]).trimmingCharacters(in: .whitespaces)))"
            + "<span class=\"ci\">[\(Format.fixed(bounds[0], 2)), \(Format.fixed(bounds[1], 2))]\(suffix.isEmpty ? "" : " " + SVG.escape(suffix))</span>"
    }

    /// A `Table` as an HTML table: numeric columns right-aligned, estimates
    /// over their intervals, text columns wrapping; rows flagged in
    /// `floorRows` and columns named in `floorColumns` are memory floors,
    /// shaded and tagged as limits.
    static func table(_ table: Table, floorRows: [Bool] = [], floorColumns: Set<String> = []) -> String {
        var html =
            "<div class=\"scroll\"><table><tr>"
            + table.headers.map { header in
                "<th>\(SVG.escape(header))\(floorColumns.contains(header) ? "<span class=\"floor-tag\">limit</span>" : "")</th>"
            }.joined() + "</tr>"
        for (index, row) in table.rows.enumerated() {
            let isFloor = index < floorRows.count && floorRows[index]
            html +=
                "<tr\(isFloor ? " class=\"floor\"" : "")>"
                + row.indices.map { column in
                    var content = cell(row[column])
                    let flagged =
                        row[column].contains("FAIL") || row[column] == "NO" || row[column].contains("BACKWARDS")
                        || row[column].contains("OUT OF ORDER") || row[column].contains("UNEXPECTED")
                    if flagged { content = "<span class=\"bad\">\(content)</span>" }
                    if isFloor && table.headers[column] == "converter" {
                        content += "<span class=\"floor-tag\">limit</span>"
                    }
                    return "<td class=\"\(table.numeric[column] ? "num" : "text")\">\(content)</td>"
                }.joined() + "</tr>"
        }
        return html + "</table></div>"
    }
}
