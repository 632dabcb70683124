/// A converter left out of a synthetic cell: the entry it would have had
/// and why.
public struct NotMeasuredCell: Codable, Sendable, Equatable {
    /// The entry name it would have had.
    public var name: String
    /// The cell.
    public var converter: String
    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// The orientation's name; nil reads as `upright`.
    public var orientation: String?
    /// The source layout's name (`i420`, `nv12`); nil (reports made before
    /// layouts) reads as `i420`.
    public var layout: String?
    /// `unsupported` or `failed (status N)`.
    public var reason: String

    /// The cell `cell` left out for `reason`, under the entry name `name`.
    public init(name: String, cell: EntryCell, reason: String) {
        self.name = name
        converter = cell.converter
        width = cell.width
        height = cell.height
        orientation = cell.orientation
        layout = cell.layout
        self.reason = reason
    }

    /// The cell it names.
    public var cell: EntryCell {
        EntryCell(
            converter: converter, width: width, height: height, orientation: orientation ?? "upright",
            layout: layout ?? EntryCell.defaultLayout)
    }
}
