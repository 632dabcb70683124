import Foundation
import Reports

/// The bar charts of the HTML page: ratios with their intervals, throughput.
extension HTMLCharts {

    /// Time ÷ libyuv per converter, grouped by size, on a log axis with a
    /// line at 1 (parity): a bar per converter at its median paired ratio
    /// with an error bar over its 95 % interval, and each memory floor as a
    /// dashed limit across the group (no converter can be below it).
    static func ratioChart(_ sizes: [CellEntries]) -> String {
        let all = (sizes.first?.entries ?? []).filter { $0.converter != EntryCell.referenceConverter }
        let labels = all.filter { !$0.isFloor }.compactMap(\.converter)
        let floorLabels = Array(Set(sizes.flatMap { $0.entries.filter(\.isFloor).compactMap(\.converter) })).sorted()
        let (width, height, left, right, top, bottom) = (760.0, 320.0, 70.0, 175.0, 34.0, 50.0)
        let values: [Double] =
            sizes.flatMap { size in
                size.entries.compactMap(\.libyuvRatio).flatMap { [$0.median, $0.lower, $0.upper] }
            } + [1.0]
        let y = SVG.LogScale(domain: SVG.LogScale.padded(values), range: (height - bottom, top))
        let groupWidth = (width - left - right) / Double(max(sizes.count, 1))
        let barWidth = groupWidth * 0.8 / Double(max(labels.count, 1))
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"chart-ratio\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" class=\"chart\" role=\"img\" aria-label=\"time relative to libyuv\">"
        svg +=
            "<text x=\"\(SVG.n(left))\" y=\"20\" class=\"title\">Time ÷ libyuv's per frame: median, 95 % interval (lower is faster; 1 = parity)</text>"
        for tick in SVG.logTicks(y.domain.0, y.domain.1) {
            svg +=
                "<line x1=\"\(SVG.n(left))\" x2=\"\(SVG.n(width - right))\" y1=\"\(SVG.n(y(tick)))\" y2=\"\(SVG.n(y(tick)))\" class=\"grid\"/>"
            svg +=
                "<text x=\"\(SVG.n(left - 6))\" y=\"\(SVG.n(y(tick) + 4))\" class=\"tick\" text-anchor=\"end\">\(SVG.short(tick))</text>"
        }
        let one = y(1)
        for (group, size) in sizes.enumerated() {
            let gx = left + Double(group) * groupWidth + groupWidth * 0.1
            for (index, label) in labels.enumerated() {
                guard let ratio = size.entry(label)?.libyuvRatio else { continue }
                let py = y(ratio.median)
                let bx = gx + Double(index) * barWidth
                let color = SVG.color(label, index: index)
                let tip = "\(SVG.escape(label)) at \(size): \(Format.estimate(ratio))"
                svg +=
                    "<rect x=\"\(SVG.n(bx))\" y=\"\(SVG.n(min(py, one)))\" width=\"\(SVG.n(barWidth - 2))\" height=\"\(SVG.n(max(1, abs(one - py))))\" class=\"bar\" fill=\"\(color)\"><title>\(tip)</title></rect>"
                let cx = bx + (barWidth - 2) / 2
                let cap = min(5, (barWidth - 2) / 3)
                let low = y(ratio.lower)
                let high = y(ratio.upper)
                svg += "<g class=\"errbar\" stroke=\"#111\" stroke-width=\"1.3\"><title>\(tip)</title>"
                svg += "<line x1=\"\(SVG.n(cx))\" x2=\"\(SVG.n(cx))\" y1=\"\(SVG.n(low))\" y2=\"\(SVG.n(high))\"/>"
                for end in [low, high] {
                    svg +=
                        "<line x1=\"\(SVG.n(cx - cap))\" x2=\"\(SVG.n(cx + cap))\" y1=\"\(SVG.n(end))\" y2=\"\(SVG.n(end))\"/>"
                }
                svg += "</g>"
            }
            for floorLabel in floorLabels {
                guard let ratio = size.entry(floorLabel)?.libyuvRatio else { continue }
                let py = y(ratio.median)
                svg +=
                    "<line x1=\"\(SVG.n(gx - groupWidth * 0.05))\" x2=\"\(SVG.n(gx + groupWidth * 0.85))\" y1=\"\(SVG.n(py))\" y2=\"\(SVG.n(py))\" class=\"floor-line\" stroke=\"\(SVG.color(floorLabel, index: 0))\" stroke-width=\"2\" stroke-dasharray=\"7 4\"><title>\(SVG.escape(floorLabel)) (memory floor, a limit) at \(size): \(Format.estimate(ratio))</title></line>"
            }
            svg +=
                "<text x=\"\(SVG.n(left + (Double(group) + 0.5) * groupWidth))\" y=\"\(SVG.n(height - bottom + 16))\" class=\"tick\" text-anchor=\"middle\">\(size)</text>"
        }
        svg +=
            "<line x1=\"\(SVG.n(left))\" x2=\"\(SVG.n(width - right))\" y1=\"\(SVG.n(one))\" y2=\"\(SVG.n(one))\" stroke=\"#222\" stroke-width=\"1.5\"/>"
        var ly = top + 10
        for (index, label) in labels.enumerated() {
            svg +=
                "<rect x=\"\(SVG.n(width - right + 14))\" y=\"\(SVG.n(ly - 6))\" width=\"18\" height=\"12\" fill=\"\(SVG.color(label, index: index))\"/>"
            svg +=
                "<text x=\"\(SVG.n(width - right + 38))\" y=\"\(SVG.n(ly + 4))\" class=\"legend\">\(SVG.escape(label))</text>"
            ly += 20
        }
        svg +=
            "<line x1=\"\(SVG.n(width - right + 14))\" x2=\"\(SVG.n(width - right + 32))\" y1=\"\(SVG.n(ly))\" y2=\"\(SVG.n(ly))\" stroke=\"#111\" stroke-width=\"1.3\"/>"
        svg += "<text x=\"\(SVG.n(width - right + 38))\" y=\"\(SVG.n(ly + 4))\" class=\"legend\">95 % interval</text>"
        ly += 20
        for floorLabel in floorLabels {
            svg +=
                "<line x1=\"\(SVG.n(width - right + 14))\" x2=\"\(SVG.n(width - right + 32))\" y1=\"\(SVG.n(ly))\" y2=\"\(SVG.n(ly))\" stroke=\"\(SVG.color(floorLabel, index: 0))\" stroke-width=\"2\" stroke-dasharray=\"7 4\"/>"
            svg +=
                "<text x=\"\(SVG.n(width - right + 38))\" y=\"\(SVG.n(ly + 4))\" class=\"legend\">\(SVG.escape(floorLabel)) (limit)</text>"
            ly += 20
        }
        svg +=
            "<text transform=\"translate(16 \(SVG.n((top + height - bottom) / 2))) rotate(-90)\" class=\"axis\" text-anchor=\"middle\">time ÷ libyuv</text>"
        return svg + "</svg>"
    }

    /// Throughput (Mpixel/s at the median) against frame size, one line per
    /// contender and each memory floor as a limit line; `id` names the chart.
    static func throughputChart(_ sizes: [CellEntries], id: String, title: String) -> String {
        var labels: [String] = []
        for size in sizes {
            for label in size.entries.compactMap(\.converter) where !labels.contains(label) { labels.append(label) }
        }
        let series = labels.enumerated().map { index, label in
            Series(
                label: label, color: SVG.color(label, index: index),
                isLimit: sizes.lazy.compactMap { $0.entry(label) }.first?.isFloor ?? false,
                points: sizes.compactMap { size in
                    size.entry(label).map { (Double(size.pixelCount), $0.megapixelsPerSecond ?? 0) }
                })
        }
        let ticks = sizes.map { (Double($0.pixelCount), $0.size) }
        return lineChart(
            id: id, title: title, series: series, xLabel: "frame size (log scale)",
            yLabel: "Mpixel/s (log scale)", xTicks: ticks)
    }
}
