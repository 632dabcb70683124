import Foundation
import Statistics
import Measurement

/// An aligned text table: a header row, then rows; text columns are
/// left-aligned and columns whose header is marked numeric are right-aligned.
struct Table {
    /// Column titles.
    let headers: [String]
    /// Which columns are right-aligned (numbers).
    let numeric: [Bool]
    /// The rows, each as many cells as headers.
    private(set) var rows: [[String]] = []

    /// A table with `columns` given as (title, right-aligned).
    init(_ columns: [(String, Bool)]) {
        headers = columns.map(\.0)
        numeric = columns.map(\.1)
    }

    /// Appends a row (missing cells are blank, extra cells dropped).
    mutating func add(_ cells: [String]) {
        rows.append((0..<headers.count).map { $0 < cells.count ? cells[$0] : "" })
    }

    /// The table as lines, columns separated by two spaces, no trailing blanks.
    func render() -> [String] {
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        /// One row padded to the column widths.
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let pad = String(repeating: " ", count: widths[column] - cells[column].count)
                return numeric[column] ? pad + cells[column] : cells[column] + pad
            }.joined(separator: "  ").replacingTrailingSpaces()
        }
        return [line(headers)] + rows.map(line)
    }
}

extension String {
    /// The string without trailing spaces.
    func replacingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

/// Number formatting for tables and pages.
enum Format {
    /// `value` with `digits` decimals (`-` for nil or non-finite).
    static func fixed(_ value: Double?, _ digits: Int) -> String {
        guard let value, value.isFinite else { return "-" }
        return String(format: "%.\(digits)f", value)
    }

    /// A nanosecond duration in microseconds with 3 significant-ish digits.
    static func micros(_ nanoseconds: Double?) -> String {
        guard let nanoseconds else { return "-" }
        let us = nanoseconds / 1000
        return fixed(us, us < 10 ? 2 : (us < 100 ? 1 : 0))
    }

    /// A ratio with two decimals and a `×` (for tables).
    static func ratio(_ value: Double?) -> String {
        value.map { fixed($0, 2) } ?? "-"
    }
}

extension Format {
    /// A ratio estimate's median with two decimals (`-` for nil).
    static func ratio(_ estimate: RatioEstimate?) -> String { ratio(estimate?.median) }

    /// A ratio estimate as `median [lower, upper]` (its 95 % interval), two decimals.
    static func estimate(_ estimate: RatioEstimate?) -> String {
        guard let estimate else { return "-" }
        return "\(fixed(estimate.median, 2)) [\(fixed(estimate.lower, 2)),\(fixed(estimate.upper, 2))]"
    }

    /// How a paced run idles, for report headers (`"16.7 ms idle before
    /// each synthetic conversion"`); nil when `budget` runs back to back.
    static func pacing(_ budget: RunBudget) -> String? {
        budget.idleGap > 0 ? "\(fixed(budget.idleGap * 1000, 1)) ms idle before each synthetic conversion" : nil
    }
}
