import Reports

/// One cell of a report's synthetic or scaling section (a frame size,
/// layout and orientation): its entries and the converters left out of it,
/// in report order.
struct CellEntries: CustomStringConvertible {
    /// Frame width in pixels.
    let width: Int
    /// Frame height in pixels.
    let height: Int
    /// The source layout's name (`i420`, `nv12`).
    let layout: String
    /// The orientation's name (`upright`, `rotate90`, ...).
    let orientation: String
    /// The cell's entries, converters first and the floors last.
    var entries: [ReportEntry] = []
    /// The converters left out of the cell.
    var notMeasured: [NotMeasuredCell] = []

    /// The name of the upright orientation.
    static let upright = "upright"

    /// The frame size, `WxH`.
    var size: String { "\(width)x\(height)" }
    /// Pixels in a frame.
    var pixelCount: Int { width * height }
    /// Whether the cell converts I420 frames upright.
    var isUprightI420: Bool { orientation == Self.upright && layout == EntryCell.defaultLayout }
    /// The frames per contender (the first entry's).
    var rounds: Int { entries.first?.iterations ?? 0 }

    /// `1280x720` for an upright I420 cell, else with the layout (not
    /// I420) and the orientation (not upright) after it: `1280x720 nv12 rotate90`.
    var description: String { parts.joined(separator: " ") }
    /// The cell's part of an entry name and the key of `floor_alone_us`:
    /// `1280x720`, `1280x720/nv12/rotate90`.
    var nameComponent: String { parts.joined(separator: "/") }

    /// The size, then the layout unless I420, then the orientation unless upright.
    private var parts: [String] {
        [size] + (layout == EntryCell.defaultLayout ? [] : [layout])
            + (orientation == Self.upright ? [] : [orientation])
    }

    /// The entry of `converter`, if the cell has one.
    func entry(_ converter: String) -> ReportEntry? { entries.first { $0.converter == converter } }

    /// Whether this is the cell of these figures.
    fileprivate func isCell(width: Int, height: Int, layout: String, orientation: String) -> Bool {
        (self.width, self.height, self.layout, self.orientation) == (width, height, layout, orientation)
    }

    /// The synthetic cells of `document` (its `convert/*` entries and
    /// `not_measured` converters) in report order.
    static func synthetic(in document: ReportDocument) -> [CellEntries] {
        var cells: [CellEntries] = []
        for entry in document.benchmarks {
            guard case .convert = EntryName(parsing: entry.name), let width = entry.width, let height = entry.height
            else { continue }
            let index = cells.index(
                width: width, height: height, layout: entry.layout ?? EntryCell.defaultLayout,
                orientation: entry.orientation ?? upright)
            cells[index].entries.append(entry)
        }
        for failure in document.notMeasured {
            let cell = failure.cell
            let index = cells.index(
                width: cell.width, height: cell.height, layout: cell.layout, orientation: cell.orientation)
            cells[index].notMeasured.append(failure)
        }
        return cells
    }

    /// The scaling section's sizes of `document` (its `scaling/*` entries)
    /// in report order.
    static func scaling(in document: ReportDocument) -> [CellEntries] {
        var cells: [CellEntries] = []
        for entry in document.benchmarks {
            guard case .scaling = EntryName(parsing: entry.name), let width = entry.width, let height = entry.height
            else { continue }
            let index = cells.index(width: width, height: height, layout: EntryCell.defaultLayout, orientation: upright)
            cells[index].entries.append(entry)
        }
        return cells
    }
}

extension [CellEntries] {
    /// The index of the cell, appended when it is not there yet.
    fileprivate mutating func index(width: Int, height: Int, layout: String, orientation: String) -> Int {
        if let index = firstIndex(where: {
            $0.isCell(width: width, height: height, layout: layout, orientation: orientation)
        }) {
            return index
        }
        append(CellEntries(width: width, height: height, layout: layout, orientation: orientation))
        return count - 1
    }
}
