import Foundation
import Measurement

/// The inline SVG charts of the HTML report.
enum HTMLCharts {
    /// One line of a line chart.
    struct Series {
        /// The legend text.
        let label: String
        /// The stroke colour (CSS).
        let color: String
        /// Whether the line is dashed (the memory floor).
        let dashed: Bool
        /// The data points (both coordinates > 0: the axes are logarithmic).
        let points: [(x: Double, y: Double)]
    }

    /// A log–log line chart with a legend on the right.
    static func lineChart(title: String, series: [Series], xLabel: String, yLabel: String,
                          xTicks: [(Double, String)]? = nil) -> String {
        let width = 760.0, height = 360.0, left = 70.0, right = 150.0, top = 34.0, bottom = 50.0
        let xs = series.flatMap { $0.points.map(\.x) }, ys = series.flatMap { $0.points.map(\.y) }
        let x = SVG.LogScale(domain: SVG.LogScale.padded(xs), range: (left, width - right))
        let y = SVG.LogScale(domain: SVG.LogScale.padded(ys), range: (height - bottom, top))
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" class=\"chart\" role=\"img\" aria-label=\"\(SVG.escape(title))\">"
        svg += "<text x=\"\(SVG.n(left))\" y=\"20\" class=\"title\">\(SVG.escape(title))</text>"
        for tick in SVG.logTicks(y.domain.0, y.domain.1) {
            let py = y(tick)
            svg += "<line x1=\"\(SVG.n(left))\" x2=\"\(SVG.n(width - right))\" y1=\"\(SVG.n(py))\" y2=\"\(SVG.n(py))\" class=\"grid\"/>"
            svg += "<text x=\"\(SVG.n(left - 6))\" y=\"\(SVG.n(py + 4))\" class=\"tick\" text-anchor=\"end\">\(SVG.short(tick))</text>"
        }
        let xTickList = xTicks ?? SVG.logTicks(x.domain.0, x.domain.1).map { ($0, SVG.short($0)) }
        for (value, text) in xTickList {
            let px = x(value)
            svg += "<line x1=\"\(SVG.n(px))\" x2=\"\(SVG.n(px))\" y1=\"\(SVG.n(top))\" y2=\"\(SVG.n(height - bottom))\" class=\"grid\"/>"
            svg += "<text x=\"\(SVG.n(px))\" y=\"\(SVG.n(height - bottom + 16))\" class=\"tick\" text-anchor=\"middle\">\(SVG.escape(text))</text>"
        }
        svg += "<text x=\"\(SVG.n((left + width - right) / 2))\" y=\"\(SVG.n(height - 10))\" class=\"axis\" text-anchor=\"middle\">\(SVG.escape(xLabel))</text>"
        svg += "<text transform=\"translate(16 \(SVG.n((top + height - bottom) / 2))) rotate(-90)\" class=\"axis\" text-anchor=\"middle\">\(SVG.escape(yLabel))</text>"
        for (index, line) in series.enumerated() {
            let path = line.points.sorted { $0.x < $1.x }.map { "\(SVG.n(x($0.x))),\(SVG.n(y($0.y)))" }.joined(separator: " ")
            svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"2.5\"\(line.dashed ? " stroke-dasharray=\"6 4\"" : "")/>"
            for point in line.points {
                svg += "<circle cx=\"\(SVG.n(x(point.x)))\" cy=\"\(SVG.n(y(point.y)))\" r=\"3.5\" fill=\"\(line.color)\"><title>\(SVG.escape(line.label)): \(SVG.short(point.y))</title></circle>"
            }
            let ly = top + 10 + Double(index) * 20
            svg += "<line x1=\"\(SVG.n(width - right + 14))\" x2=\"\(SVG.n(width - right + 38))\" y1=\"\(SVG.n(ly))\" y2=\"\(SVG.n(ly))\" stroke=\"\(line.color)\" stroke-width=\"2.5\"\(line.dashed ? " stroke-dasharray=\"6 4\"" : "")/>"
            svg += "<text x=\"\(SVG.n(width - right + 44))\" y=\"\(SVG.n(ly + 4))\" class=\"legend\">\(SVG.escape(line.label))</text>"
        }
        return svg + "</svg>"
    }

    /// Per-frame latency distributions of every contender at one size: a
    /// histogram on a log time axis per row, with median (thick), p90, p99
    /// and max marked.
    static func latencyChart(_ size: SizeResult) -> String {
        let rowHeight = 44.0, left = 90.0, right = 30.0, top = 34.0, bottom = 44.0, width = 760.0
        let height = top + bottom + rowHeight * Double(size.cells.count)
        let all = size.cells.flatMap { [$0.wall.min, $0.wall.max] }.map { $0 / 1000 }
        let x = SVG.LogScale(domain: SVG.LogScale.padded(all), range: (left, width - right))
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" class=\"chart\" role=\"img\" aria-label=\"latency distribution \(size.size)\">"
        svg += "<text x=\"\(SVG.n(left))\" y=\"20\" class=\"title\">Per-frame latency at \(size.size) (\(size.rounds) frames each, log scale)</text>"
        for tick in SVG.logTicks(x.domain.0, x.domain.1) {
            let px = x(tick)
            svg += "<line x1=\"\(SVG.n(px))\" x2=\"\(SVG.n(px))\" y1=\"\(SVG.n(top))\" y2=\"\(SVG.n(height - bottom))\" class=\"grid\"/>"
            svg += "<text x=\"\(SVG.n(px))\" y=\"\(SVG.n(height - bottom + 16))\" class=\"tick\" text-anchor=\"middle\">\(SVG.short(tick))</text>"
        }
        svg += "<text x=\"\(SVG.n((left + width - right) / 2))\" y=\"\(SVG.n(height - 8))\" class=\"axis\" text-anchor=\"middle\">µs per frame (thick: median; thin: p90, p99; ×: max)</text>"
        let bins = 48
        for (row, cell) in size.cells.enumerated() {
            let color = SVG.color(cell.label, index: row)
            let base = top + rowHeight * Double(row + 1) - 8
            svg += "<text x=\"\(SVG.n(left - 8))\" y=\"\(SVG.n(base - 10))\" class=\"legend\" text-anchor=\"end\">\(SVG.escape(cell.label))</text>"
            var counts = [Int](repeating: 0, count: bins)
            for value in cell.wall.sorted {
                let t = (x(value / 1000) - left) / (width - right - left)
                counts[min(bins - 1, max(0, Int(t * Double(bins))))] += 1
            }
            let peak = Double(counts.max() ?? 1)
            let binWidth = (width - right - left) / Double(bins)
            for (bin, count) in counts.enumerated() where count > 0 {
                let h = max(1.5, (rowHeight - 14) * Double(count) / peak)
                svg += "<rect x=\"\(SVG.n(left + Double(bin) * binWidth))\" y=\"\(SVG.n(base - h))\" width=\"\(SVG.n(binWidth - 0.5))\" height=\"\(SVG.n(h))\" fill=\"\(color)\" opacity=\"0.45\"/>"
            }
            for (value, stroke) in [(cell.wall.median, 3.5), (cell.wall.p90, 1.2), (cell.wall.p99, 1.2)] {
                let px = x(value / 1000)
                svg += "<line x1=\"\(SVG.n(px))\" x2=\"\(SVG.n(px))\" y1=\"\(SVG.n(base - rowHeight + 16))\" y2=\"\(SVG.n(base + 2))\" stroke=\"\(color)\" stroke-width=\"\(stroke)\"/>"
            }
            let mx = x(cell.wall.max / 1000)
            svg += "<text x=\"\(SVG.n(mx))\" y=\"\(SVG.n(base))\" class=\"tick\" fill=\"\(color)\" text-anchor=\"middle\">×</text>"
            svg += "<title>\(SVG.escape(cell.label)): median \(Format.micros(cell.wall.median)) µs, p99 \(Format.micros(cell.wall.p99)) µs</title>"
        }
        return svg + "</svg>"
    }

    /// Time ÷ libyuv per converter, grouped by size, on a log axis with a
    /// line at 1 (parity).
    static func ratioChart(_ sizes: [SizeResult]) -> String {
        let labels = (sizes.first?.cells ?? []).map(\.label).filter { $0 != Contender.referenceLabel }
        let width = 760.0, left = 70.0, right = 150.0, top = 34.0, bottom = 50.0, height = 320.0
        let values: [Double] = sizes.flatMap { size in size.cells.compactMap { $0.ratioToLibyuv?.median } } + [1.0]
        let y = SVG.LogScale(domain: SVG.LogScale.padded(values), range: (height - bottom, top))
        let groupWidth = (width - left - right) / Double(max(sizes.count, 1))
        let barWidth = groupWidth * 0.8 / Double(max(labels.count, 1))
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" class=\"chart\" role=\"img\" aria-label=\"time relative to libyuv\">"
        svg += "<text x=\"\(SVG.n(left))\" y=\"20\" class=\"title\">Time ÷ libyuv's, same run, paired per frame (lower is faster; 1 = parity)</text>"
        for tick in SVG.logTicks(y.domain.0, y.domain.1) {
            svg += "<line x1=\"\(SVG.n(left))\" x2=\"\(SVG.n(width - right))\" y1=\"\(SVG.n(y(tick)))\" y2=\"\(SVG.n(y(tick)))\" class=\"grid\"/>"
            svg += "<text x=\"\(SVG.n(left - 6))\" y=\"\(SVG.n(y(tick) + 4))\" class=\"tick\" text-anchor=\"end\">\(SVG.short(tick))</text>"
        }
        let one = y(1)
        for (group, size) in sizes.enumerated() {
            let gx = left + Double(group) * groupWidth + groupWidth * 0.1
            for (index, label) in labels.enumerated() {
                guard let cell = size.cells.first(where: { $0.label == label }), let ratio = cell.ratioToLibyuv?.median else { continue }
                let py = y(ratio)
                let color = SVG.color(label, index: index)
                svg += "<rect x=\"\(SVG.n(gx + Double(index) * barWidth))\" y=\"\(SVG.n(min(py, one)))\" width=\"\(SVG.n(barWidth - 2))\" height=\"\(SVG.n(max(1, abs(one - py))))\" fill=\"\(color)\"><title>\(SVG.escape(label)) at \(size.size): \(Format.ratio(ratio))</title></rect>"
            }
            svg += "<text x=\"\(SVG.n(left + (Double(group) + 0.5) * groupWidth))\" y=\"\(SVG.n(height - bottom + 16))\" class=\"tick\" text-anchor=\"middle\">\(size.size)</text>"
        }
        svg += "<line x1=\"\(SVG.n(left))\" x2=\"\(SVG.n(width - right))\" y1=\"\(SVG.n(one))\" y2=\"\(SVG.n(one))\" stroke=\"#222\" stroke-width=\"1.5\"/>"
        for (index, label) in labels.enumerated() {
            let ly = top + 10 + Double(index) * 20
            svg += "<rect x=\"\(SVG.n(width - right + 14))\" y=\"\(SVG.n(ly - 6))\" width=\"18\" height=\"12\" fill=\"\(SVG.color(label, index: index))\"/>"
            svg += "<text x=\"\(SVG.n(width - right + 38))\" y=\"\(SVG.n(ly + 4))\" class=\"legend\">\(SVG.escape(label))</text>"
        }
        svg += "<text transform=\"translate(16 \(SVG.n((top + height - bottom) / 2))) rotate(-90)\" class=\"axis\" text-anchor=\"middle\">time ÷ libyuv</text>"
        return svg + "</svg>"
    }

    /// Throughput (Mpixel/s at the median) against frame size, one line per contender.
    static func throughputChart(_ sizes: [SizeResult], title: String) -> String {
        let labels = (sizes.first?.cells ?? []).map(\.label)
        let series = labels.enumerated().map { index, label in
            Series(label: label, color: SVG.color(label, index: index), dashed: label == Contender.floorLabel,
                   points: sizes.compactMap { size in
                       size.cells.first { $0.label == label }.map { (Double(size.size.pixelCount), $0.megapixelsPerSecond) }
                   })
        }
        let ticks = sizes.map { (Double($0.size.pixelCount), "\($0.size)") }
        return lineChart(title: title, series: series, xLabel: "frame size (pixels, log scale)",
                         yLabel: "Mpixel/s (log scale)", xTicks: ticks)
    }
}
