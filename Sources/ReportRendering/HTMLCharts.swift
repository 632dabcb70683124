import Foundation
import Reports

/// The inline SVG charts of the HTML report.
enum HTMLCharts {
    /// One line of a line chart.
    struct Series {
        /// The legend text.
        let label: String
        /// The stroke colour (CSS).
        let color: String
        /// Whether the line is a limit (a memory floor) rather than a
        /// contender: drawn dashed over a shaded band of what no converter
        /// can reach, without markers, and listed apart in the legend.
        let isLimit: Bool
        /// The data points (both coordinates > 0: the axes are logarithmic).
        let points: [(x: Double, y: Double)]
    }

    /// The caption of the one-thread memory floor's limit line.
    static let floorCaption = "memory floor: the fastest the bytes can move"

    /// A log–log line chart with a legend on the right: contenders as
    /// solid lines with markers, limits (`Series.isLimit`) as dashed lines
    /// with the unreachable side shaded. `id` names the `<svg>` element.
    static func lineChart(
        id: String, title: String, series: [Series], xLabel: String, yLabel: String,
        xTicks: [(Double, String)]? = nil
    ) -> String {
        let (width, height, left, right, top, bottom) = (760.0, 360.0, 70.0, 170.0, 34.0, 50.0)
        let xs = series.flatMap { $0.points.map(\.x) }
        let ys = series.flatMap { $0.points.map(\.y) }
        let x = SVG.LogScale(domain: SVG.LogScale.padded(xs), range: (left, width - right))
        let y = SVG.LogScale(domain: SVG.LogScale.padded(ys), range: (height - bottom, top))
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"\(SVG.escape(id))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" class=\"chart\" role=\"img\" aria-label=\"\(SVG.escape(title))\">"
        svg += "<text x=\"\(SVG.n(left))\" y=\"20\" class=\"title\">\(SVG.escape(title))</text>"
        for tick in SVG.logTicks(y.domain.0, y.domain.1) {
            let py = y(tick)
            svg +=
                "<line x1=\"\(SVG.n(left))\" x2=\"\(SVG.n(width - right))\" y1=\"\(SVG.n(py))\" y2=\"\(SVG.n(py))\" class=\"grid\"/>"
            svg +=
                "<text x=\"\(SVG.n(left - 6))\" y=\"\(SVG.n(py + 4))\" class=\"tick\" text-anchor=\"end\">\(SVG.short(tick))</text>"
        }
        let xTickList = (xTicks ?? SVG.logTicks(x.domain.0, x.domain.1).map { ($0, SVG.short($0)) })
            .map { (position: x($0.0), text: $0.1) }.sorted { $0.position < $1.position }
        let shown = SVG.labelled(xTickList, minimumGap: 62)
        for (tick, labelled) in zip(xTickList, shown) {
            svg +=
                "<line x1=\"\(SVG.n(tick.position))\" x2=\"\(SVG.n(tick.position))\" y1=\"\(SVG.n(top))\" y2=\"\(SVG.n(height - bottom))\" class=\"grid\"/>"
            if labelled {
                svg +=
                    "<text x=\"\(SVG.n(tick.position))\" y=\"\(SVG.n(height - bottom + 16))\" class=\"tick\" text-anchor=\"middle\">\(SVG.escape(tick.text))</text>"
            }
        }
        svg +=
            "<text x=\"\(SVG.n((left + width - right) / 2))\" y=\"\(SVG.n(height - 10))\" class=\"axis\" text-anchor=\"middle\">\(SVG.escape(xLabel))</text>"
        svg +=
            "<text transform=\"translate(16 \(SVG.n((top + height - bottom) / 2))) rotate(-90)\" class=\"axis\" text-anchor=\"middle\">\(SVG.escape(yLabel))</text>"
        let limits = series.filter(\.isLimit)
        let contenders = series.filter { !$0.isLimit }
        // Limits first, under the contenders: the band above the one-thread
        // floor is throughput no one-thread conversion can reach.
        for line in limits {
            let sorted = line.points.sorted { $0.x < $1.x }
            guard let first = sorted.first, let last = sorted.last else { continue }
            let path = sorted.map { "\(SVG.n(x($0.x))),\(SVG.n(y($0.y)))" }.joined(separator: " ")
            if line.label == EntryCell.floorConverter {
                svg +=
                    "<polygon points=\"\(SVG.n(x(first.x))),\(SVG.n(top)) \(path) \(SVG.n(x(last.x))),\(SVG.n(top))\" class=\"floor-band\" fill=\"\(line.color)\" fill-opacity=\"0.10\"><title>\(SVG.escape(line.label)): beyond the memory floor</title></polygon>"
                svg +=
                    "<text x=\"\(SVG.n(x(first.x) + 6))\" y=\"\(SVG.n(y(first.y) - 7))\" class=\"floor-caption\">\(SVG.escape(floorCaption))</text>"
            }
            if sorted.count == 1 {
                // A floor measured at one size only (floor:Nthreads where the
                // parallel converter splits only the largest frames): a short
                // dashed segment, since a one-point line draws nothing.
                let px = x(first.x)
                let py = y(first.y)
                svg +=
                    "<line x1=\"\(SVG.n(px - 16))\" x2=\"\(SVG.n(px + 16))\" y1=\"\(SVG.n(py))\" y2=\"\(SVG.n(py))\" class=\"floor-line\" stroke=\"\(line.color)\" stroke-width=\"2\" stroke-dasharray=\"5 3\"><title>\(SVG.escape(line.label)): \(SVG.short(first.y))</title></line>"
                continue
            }
            svg +=
                "<polyline points=\"\(path)\" class=\"floor-line\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"2\" stroke-dasharray=\"7 4\"><title>\(SVG.escape(line.label)): \(sorted.map { SVG.short($0.y) }.joined(separator: ", "))</title></polyline>"
        }
        for line in contenders {
            let path = line.points.sorted { $0.x < $1.x }.map { "\(SVG.n(x($0.x))),\(SVG.n(y($0.y)))" }.joined(
                separator: " ")
            svg +=
                "<polyline points=\"\(path)\" class=\"series\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"2.5\"/>"
            for point in line.points {
                svg +=
                    "<circle cx=\"\(SVG.n(x(point.x)))\" cy=\"\(SVG.n(y(point.y)))\" r=\"3.5\" class=\"point\" fill=\"\(line.color)\"><title>\(SVG.escape(line.label)): \(SVG.short(point.y))</title></circle>"
            }
        }
        var ly = top + 10
        for line in contenders {
            svg +=
                "<line x1=\"\(SVG.n(width - right + 14))\" x2=\"\(SVG.n(width - right + 38))\" y1=\"\(SVG.n(ly))\" y2=\"\(SVG.n(ly))\" stroke=\"\(line.color)\" stroke-width=\"2.5\"/>"
            svg +=
                "<text x=\"\(SVG.n(width - right + 44))\" y=\"\(SVG.n(ly + 4))\" class=\"legend\">\(SVG.escape(line.label))</text>"
            ly += 20
        }
        if !limits.isEmpty {
            ly += 6
            svg +=
                "<text x=\"\(SVG.n(width - right + 14))\" y=\"\(SVG.n(ly + 4))\" class=\"legend limit-heading\">limits (not contenders)</text>"
            ly += 20
        }
        for line in limits {
            svg +=
                "<line x1=\"\(SVG.n(width - right + 14))\" x2=\"\(SVG.n(width - right + 38))\" y1=\"\(SVG.n(ly))\" y2=\"\(SVG.n(ly))\" stroke=\"\(line.color)\" stroke-width=\"2\" stroke-dasharray=\"7 4\"/>"
            svg +=
                "<text x=\"\(SVG.n(width - right + 44))\" y=\"\(SVG.n(ly + 4))\" class=\"legend\">\(SVG.escape(line.label))</text>"
            ly += 20
        }
        return svg + "</svg>"
    }

    /// Per-frame latency distributions of every contender in one cell: a
    /// histogram of its entry's samples on a log time axis per row, with
    /// median (thick), p90, p99 and max marked.
    static func latencyChart(_ cell: CellEntries) -> String {
        let rowHeight = 44.0
        let (width, left, right, top, bottom) = (760.0, 130.0, 30.0, 34.0, 44.0)
        let height = top + bottom + rowHeight * Double(cell.entries.count)
        let all = cell.entries.flatMap { [$0.min, $0.max] }.compactMap { $0 }
        let x = SVG.LogScale(domain: SVG.LogScale.padded(all), range: (left, width - right))
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"chart-latency-\(cell.nameComponent.replacing("/", with: "-"))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" class=\"chart latency\" role=\"img\" aria-label=\"latency distribution \(cell)\">"
        svg +=
            "<text x=\"\(SVG.n(left))\" y=\"20\" class=\"title\">Per-frame latency at \(cell) (\(cell.rounds) frames each, log scale)</text>"
        let ticks = SVG.logTicks(x.domain.0, x.domain.1).map { (position: x($0), text: SVG.short($0)) }
        for (tick, labelled) in zip(ticks, SVG.labelled(ticks, minimumGap: 24)) {
            svg +=
                "<line x1=\"\(SVG.n(tick.position))\" x2=\"\(SVG.n(tick.position))\" y1=\"\(SVG.n(top))\" y2=\"\(SVG.n(height - bottom))\" class=\"grid\"/>"
            if labelled {
                svg +=
                    "<text x=\"\(SVG.n(tick.position))\" y=\"\(SVG.n(height - bottom + 16))\" class=\"tick\" text-anchor=\"middle\">\(tick.text)</text>"
            }
        }
        svg +=
            "<text x=\"\(SVG.n((left + width - right) / 2))\" y=\"\(SVG.n(height - 8))\" class=\"axis\" text-anchor=\"middle\">µs per frame (thick: median; thin: p90, p99; ×: max)</text>"
        let bins = 48
        for (row, entry) in cell.entries.enumerated() {
            let label = entry.converter ?? "-"
            let color = SVG.color(label, index: row)
            let base = top + rowHeight * Double(row + 1) - 8
            svg +=
                "<text x=\"\(SVG.n(left - 8))\" y=\"\(SVG.n(base - 10))\" class=\"legend\" text-anchor=\"end\">\(SVG.escape(label))\(entry.isFloor ? " (limit)" : "")</text>"
            var counts = [Int](repeating: 0, count: bins)
            for value in entry.samples {
                let t = (x(value) - left) / (width - right - left)
                counts[min(bins - 1, max(0, Int(t * Double(bins))))] += 1
            }
            let peak = Double(counts.max() ?? 1)
            let binWidth = (width - right - left) / Double(bins)
            for (bin, count) in counts.enumerated() where count > 0 {
                let h = max(1.5, (rowHeight - 14) * Double(count) / peak)
                svg +=
                    "<rect x=\"\(SVG.n(left + Double(bin) * binWidth))\" y=\"\(SVG.n(base - h))\" width=\"\(SVG.n(binWidth - 0.5))\" height=\"\(SVG.n(h))\" class=\"hist\" fill=\"\(color)\" opacity=\"0.45\"/>"
            }
            for (value, stroke, mark) in [(entry.p50, 3.5, "median"), (entry.p90, 1.2, "p90"), (entry.p99, 1.2, "p99")]
            {
                guard let value else { continue }
                let px = x(value)
                svg +=
                    "<line x1=\"\(SVG.n(px))\" x2=\"\(SVG.n(px))\" y1=\"\(SVG.n(base - rowHeight + 16))\" y2=\"\(SVG.n(base + 2))\" class=\"\(mark)\" stroke=\"\(color)\" stroke-width=\"\(stroke)\"/>"
            }
            if let max = entry.max {
                svg +=
                    "<text x=\"\(SVG.n(x(max)))\" y=\"\(SVG.n(base))\" class=\"tick\" fill=\"\(color)\" text-anchor=\"middle\">×</text>"
            }
            svg +=
                "<title>\(SVG.escape(label)): median \(Format.microseconds(entry.p50)) µs, p99 \(Format.microseconds(entry.p99)) µs</title>"
        }
        return svg + "</svg>"
    }
}
