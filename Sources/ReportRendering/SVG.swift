import Foundation
import Reports

/// Small helpers for hand-written inline SVG: escaping, number formatting,
/// colours and logarithmic axes.
enum SVG {
    /// `text` with `& < > "` escaped for HTML and SVG text and attributes.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A coordinate with one decimal.
    static func n(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A stable colour per contender label: libyuv black, the one-thread
    /// floor dark grey, the floors on more threads muted brown and light
    /// grey (limits, never palette colours), the others from a
    /// colour-blind-safe palette.
    static func color(_ label: String, index: Int) -> String {
        switch label {
        case EntryCell.referenceConverter: return "#222222"
        case EntryCell.floorConverter: return "#555555"
        case _ where label.hasPrefix(EntryCell.floorConverter + ":"):
            return label.hasPrefix(EntryCell.floorConverter + ":2") ? "#8c6d46" : "#9a9a9a"
        default:
            let palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442"]
            return palette[index % palette.count]
        }
    }

    /// Tick values 1, 2, 5 × 10^k covering `low ... high` (both > 0).
    static func logTicks(_ low: Double, _ high: Double) -> [Double] {
        guard low > 0, high >= low else { return [] }
        var ticks: [Double] = []
        var decade = pow(10, floor(log10(low)))
        while decade <= high * 10 {
            for step in [1.0, 2, 5] where decade * step >= low && decade * step <= high { ticks.append(decade * step) }
            decade *= 10
        }
        return ticks
    }

    /// A short label for an axis value (`0.5`, `20`, `1k`, `2M`).
    static func short(_ value: Double) -> String {
        switch value {
        case 1e6...: return Format.fixed(value / 1e6, value.truncatingRemainder(dividingBy: 1e6) == 0 ? 0 : 1) + "M"
        case 1e3...: return Format.fixed(value / 1e3, value.truncatingRemainder(dividingBy: 1e3) == 0 ? 0 : 1) + "k"
        case 1...: return Format.fixed(value, value.rounded() == value ? 0 : 1)
        default: return String(format: "%g", value)
        }
    }

    /// Maps values on a log scale from `domain` to `range`.
    struct LogScale {
        /// Smallest and largest value shown (both > 0).
        let domain: (Double, Double)
        /// Pixel positions of the domain's ends.
        let range: (Double, Double)

        /// The position of `value` (clamped into the domain).
        func callAsFunction(_ value: Double) -> Double {
            let low = log10(domain.0)
            let high = log10(max(domain.1, domain.0 * 1.0001))
            let t = (log10(min(max(value, domain.0), domain.1)) - low) / (high - low)
            return range.0 + t * (range.1 - range.0)
        }

        /// A domain padded to whole 1-2-5 steps around `values` (> 0 only).
        static func padded(_ values: [Double]) -> (Double, Double) {
            let positive = values.filter { $0 > 0 && $0.isFinite }
            guard let low = positive.min(), let high = positive.max() else { return (1, 10) }
            return (low / 1.25, high * 1.25)
        }
    }

    /// Which of `positions` (sorted, in viewBox units) get a tick label
    /// when each label is `minimumGap` wide: the first, then each that is
    /// at least that far from the last one labelled and whose text differs
    /// from it, so no two labels overlap or repeat on one axis.
    static func labelled(_ ticks: [(position: Double, text: String)], minimumGap: Double) -> [Bool] {
        var shown: [Bool] = []
        var last: (position: Double, text: String)?
        for tick in ticks {
            let keep = last.map { abs(tick.position - $0.position) >= minimumGap && tick.text != $0.text } ?? true
            shown.append(keep)
            if keep { last = tick }
        }
        return shown
    }
}
