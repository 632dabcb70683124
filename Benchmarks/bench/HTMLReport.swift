import Measurement

/// The report as one self-contained HTML page (no scripts, no external
/// files): the machine line, charts as inline SVG — ratios to libyuv,
/// throughput against frame size, per-frame latency distributions per
/// converter, scaling by thread count — and the tables behind them.
enum HTMLReport {
    /// The whole page.
    static func render(_ report: Report) -> String {
        var body = "<h1>FrameBench report</h1>"
        body += "<p class=\"machine\">\(SVG.escape(report.machine.line))</p>"
        if MachineInfo.isDebugBuild {
            body += "<p class=\"warn\">Debug build: timings are not representative.</p>"
        }
        body += "<p class=\"meta\">\(SVG.escape(report.date)) · matrix \(report.matrix.name) · \(report.budget.warmupRounds) warm-up rounds · ≥ \(report.budget.minFrames) frames per cell · contenders interleaved per frame in a balanced order\(Format.pacing(report.budget).map { " · \($0)" } ?? "") · ratios are medians of per-frame paired ratios · \(Format.fixed(report.seconds, 1)) s</p>"
        if !report.synthetic.isEmpty {
            body += "<h2>Converters on synthetic frames</h2>"
            body += summary(report.synthetic)
            body += HTMLCharts.ratioChart(report.synthetic)
            body += HTMLCharts.throughputChart(report.synthetic, title: "Throughput against frame size (median; dashed: memory floor)")
            for size in report.synthetic { body += HTMLCharts.latencyChart(size) }
            body += table(TextReport.syntheticTable(report.synthetic))
            body += "<p class=\"note\">floor = a copy of the same I420 bytes plus a fill of the same BGRA bytes. GB/s counts I420 bytes read plus BGRA bytes written. cpu×libyuv is the same paired ratio of process CPU time (all threads), the work ratio that <code>bench gate</code> compares because contention from other processes barely moves it.</p>"
        }
        if !report.serial.isEmpty {
            body += "<h2>End to end (serial, converter \(SVG.escape(report.streamConverter)))</h2>"
            body += "<p class=\"note\">Latency in µs. Files named bad-ts-* are broken on purpose: their timestamp failure is expected.</p>"
            body += table(TextReport.streamTable(report.serial))
        }
        if !report.pipelined.isEmpty {
            body += "<h2>Pipelined (decode N+1 while N converts)</h2>"
            body += table(TextReport.pipelineTable(serial: report.serial, pipelined: report.pipelined))
        }
        if !report.scaling.isEmpty {
            body += "<h2>Scaling: ParallelConverter by thread count</h2>"
            body += HTMLCharts.throughputChart(report.scaling, title: "Throughput by thread count against frame size (dashed: memory floor)")
            body += table(TextReport.scalingTable(report.scaling))
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>FrameBench report</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>
            body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px auto; max-width: 1000px; color: #222; padding: 0 16px; }
            h1 { font-size: 24px; margin-bottom: 4px; } h2 { font-size: 19px; margin-top: 36px; border-bottom: 1px solid #ddd; }
            .machine { font-weight: 600; } .meta, .note { color: #555; font-size: 13px; } .warn { color: #b00; font-weight: 700; }
            .chart { width: 100%; height: auto; margin: 12px 0; background: #fcfcfc; border: 1px solid #eee; }
            .chart .title { font-size: 14px; font-weight: 600; } .chart .tick { font-size: 11px; fill: #555; }
            .chart .axis { font-size: 12px; fill: #333; } .chart .legend { font-size: 12px; fill: #222; }
            .chart .grid { stroke: #e4e4e4; stroke-width: 1; }
            .scroll { overflow-x: auto; }
            table { border-collapse: collapse; font-size: 12.5px; margin: 10px 0; }
            th, td { padding: 3px 8px; border-bottom: 1px solid #eee; white-space: nowrap; }
            th { background: #f3f3f3; text-align: left; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
            .cards { display: flex; flex-wrap: wrap; gap: 10px; } .card { border: 1px solid #ddd; border-radius: 6px; padding: 8px 12px; min-width: 150px; }
            .card b { font-size: 20px; display: block; } .bad { color: #b00; font-weight: 700; }
            </style></head><body>
            \(body)
            </body></html>

            """
    }

    /// Headline cards: each converter's time ÷ libyuv at the largest size, and bit-exactness.
    static func summary(_ sizes: [SizeResult]) -> String {
        guard let largest = sizes.max(by: { $0.size.pixelCount < $1.size.pixelCount }) else { return "" }
        var html = "<div class=\"cards\">"
        for cell in largest.cells where cell.label != Contender.floorLabel {
            let exact = sizes.allSatisfy { $0.cells.first { $0.label == cell.label }?.bitExact ?? true }
            html += "<div class=\"card\">\(SVG.escape(cell.label))<b>\(Format.ratio(cell.ratioToLibyuv))× libyuv</b>"
            html += "\(Format.ratio(cell.ratioToFloor))× floor at \(largest.size)<br>"
            html += exact ? "bit-exact" : "<span class=\"bad\">NOT bit-exact</span>"
            html += "</div>"
        }
        return html + "</div>"
    }

    /// A `Table` as an HTML table (numeric columns right-aligned).
    static func table(_ table: Table) -> String {
        var html = "<div class=\"scroll\"><table><tr>" + table.headers.map { "<th>\(SVG.escape($0))</th>" }.joined() + "</tr>"
        for row in table.rows {
            html += "<tr>" + row.indices.map { column in
                let cell = SVG.escape(row[column])
                let flagged = row[column].contains("FAIL") || row[column] == "NO" || row[column].contains("BACKWARDS")
                    || row[column].contains("OUT OF ORDER") || row[column].contains("UNEXPECTED")
                return "<td\(table.numeric[column] ? " class=\"num\"" : "")>\(flagged ? "<span class=\"bad\">\(cell)</span>" : cell)</td>"
            }.joined() + "</tr>"
        }
        return html + "</table></div>"
    }
}
