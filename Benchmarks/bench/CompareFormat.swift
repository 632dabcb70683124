import ArgumentParser
import Foundation
import ReportRendering
import Reports
import Statistics

/// How `bench compare` prints a comparison.
enum CompareFormat: String, CaseIterable, ExpressibleByArgument {
    /// An aligned table after the machine line, then the unmatched names and the summary.
    case text
    /// The same as a GitHub-flavoured Markdown table.
    case markdown
    /// One JSON document with the machines, the entries, the unmatched names and the summary.
    case json

    /// The whole output for `comparison`, lines joined by newlines (no final newline).
    func render(_ comparison: RunComparison) -> String {
        switch self {
        case .text: Self.text(comparison)
        case .markdown: Self.markdown(comparison)
        case .json: Self.json(comparison)
        }
    }

    /// The column titles and whether each is numeric (right-aligned).
    static let columns: [(String, Bool)] = [
        ("name", false), ("basis", false), ("base µs", true), ("new µs", true), ("new/base", true),
        ("95 % interval", false), ("time new/base [95 %]", false), ("×floor new/base [95 %]", false),
        ("verdict", false),
    ]

    /// One entry's cells, in `columns` order; an entry compared on its
    /// medians alone shows their ratio, `none` for the interval and no
    /// verdict.
    static func cells(_ entry: EntryComparison) -> [String] {
        [
            entry.name, entry.basis.label, micros(entry.baseMedian), micros(entry.newMedian),
            Format.fixed(entry.ratio?.median ?? entry.medianRatio, 3),
            entry.ratio.map { "[\(Format.fixed($0.lower, 3)), \(Format.fixed($0.upper, 3))]" } ?? "none",
            interval(entry.timeRatio), interval(entry.floorRatio),
            verdict(entry),
        ]
    }

    /// `median [lower, upper]` of `estimate`, or nothing without one.
    static func interval(_ estimate: RatioEstimate?) -> String {
        estimate.map { "\(Format.fixed($0.median, 3)) [\(Format.fixed($0.lower, 3)), \(Format.fixed($0.upper, 3))]" }
            ?? ""
    }

    /// The verdict, marked when it does not decide: `slower (reference)`,
    /// `faster (end to end)`; `none (median only)` without one.
    static func verdict(_ entry: EntryComparison) -> String {
        guard let verdict = entry.verdict else { return "none (median only)" }
        guard verdict != .same && !entry.decides else { return verdict.rawValue }
        return "\(verdict.rawValue) (\(entry.isReference ? "reference" : "end to end"))"
    }

    /// A median in microseconds: two decimals below 10, one below 1000, else none.
    static func micros(_ value: Double) -> String {
        Format.fixed(value, value < 10 ? 2 : (value < 1000 ? 1 : 0))
    }

    /// The aligned table.
    static func text(_ comparison: RunComparison) -> String {
        var table = Table(columns)
        for entry in comparison.entries { table.add(cells(entry)) }
        let lines =
            [comparison.machineLine] + table.render()
            + comparison.onlyInBase.map { "only in BASE: \($0)" }
            + comparison.onlyInNew.map { "only in NEW: \($0)" }
            + [comparison.summaryLine]
        return lines.joined(separator: "\n")
    }

    /// The GitHub table.
    static func markdown(_ comparison: RunComparison) -> String {
        /// One table row; a `|` in a cell is escaped.
        func row(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        var lines = [
            comparison.machineLine, "", row(columns.map(\.0)),
            "|" + columns.map { $0.1 ? " --: |" : " :-- |" }.joined(),
        ]
        for entry in comparison.entries {
            var cells = cells(entry)
            cells[0] = "`\(entry.name)`"
            if entry.verdict != .same && entry.decides { cells[8] = "**\(cells[8])**" }
            lines.append(row(cells))
        }
        if !comparison.onlyInBase.isEmpty || !comparison.onlyInNew.isEmpty { lines.append("") }
        lines += comparison.onlyInBase.map { "- only in BASE: `\($0)`" }
        lines += comparison.onlyInNew.map { "- only in NEW: `\($0)`" }
        lines += ["", comparison.summaryLine]
        return lines.joined(separator: "\n")
    }

    /// The JSON document (pretty-printed, keys sorted). An entry compared
    /// on its medians alone has basis `median`, the medians' ratio, a null
    /// verdict and no `ratio_lower`, `ratio_upper` or `samples`.
    static func json(_ comparison: RunComparison) -> String {
        let entries: [[String: Any]] = comparison.entries.map { entry in
            var fields: [String: Any] = [
                "name": entry.name, "basis": entry.basis.rawValue, "base_median_us": entry.baseMedian,
                "new_median_us": entry.newMedian, "ratio": entry.ratio?.median ?? entry.medianRatio,
                "verdict": entry.verdict?.rawValue ?? NSNull(), "reference": entry.isReference,
                "end_to_end": entry.isEndToEnd, "decides": entry.decides,
            ]
            if let ratio = entry.ratio {
                fields["ratio_lower"] = ratio.lower
                fields["ratio_upper"] = ratio.upper
                fields["samples"] = ratio.count
            }
            for (key, estimate) in [("time_ratio", entry.timeRatio), ("floor_ratio", entry.floorRatio)] {
                guard let estimate else { continue }
                fields[key] = estimate.median
                fields[key + "_lower"] = estimate.lower
                fields[key + "_upper"] = estimate.upper
            }
            return fields
        }
        let document: [String: Any] = [
            "machines": [
                "base": comparison.baseMachine ?? NSNull(), "new": comparison.newMachine ?? NSNull(),
                "same_kind": comparison.sameMachine, "line": comparison.machineLine,
            ] as [String: Any],
            "threshold": comparison.threshold,
            "confidence": 0.95,
            "entries": entries,
            "only_in_base": comparison.onlyInBase,
            "only_in_new": comparison.onlyInNew,
            "summary": [
                "slower": comparison.count(.slower), "faster": comparison.count(.faster),
                "same": comparison.count(.same), "median_only": comparison.medianOnlyCount,
                "line": comparison.summaryLine,
            ] as [String: Any],
        ]
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text
    }
}
