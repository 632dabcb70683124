import Foundation

/// An aligned text table: a header row, then rows; text columns are
/// left-aligned and columns whose header is marked numeric are right-aligned.
public struct Table {
    /// Column titles.
    let headers: [String]
    /// Which columns are right-aligned (numbers).
    let numeric: [Bool]
    /// The rows, each as many cells as headers.
    private(set) var rows: [[String]] = []

    /// An empty table with `columns` given as (title, right-aligned).
    public init(_ columns: [(String, Bool)]) {
        headers = columns.map(\.0)
        numeric = columns.map(\.1)
    }

    /// Appends a row (missing cells are blank, extra cells dropped).
    public mutating func add(_ cells: [String]) {
        rows.append((0..<headers.count).map { $0 < cells.count ? cells[$0] : "" })
    }

    /// The header and the rows as lines, each column padded to its widest
    /// cell, columns separated by two spaces, no trailing blanks.
    public func render() -> [String] {
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
