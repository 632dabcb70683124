/// What a synthetic `convert/*` entry of a report measured: one converter
/// converting frames of one size and source layout into one orientation.
public struct EntryCell: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The name of the memory floors' entries (`floor`, `floor:2threads`).
    public static let floorConverter = "floor"
    /// The name of the reference converter's entries, which every ratio divides by.
    public static let referenceConverter = "libyuv"

    /// The converter's name (`simd`, `floor`, a plug-in's converter).
    public let converter: String
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// The orientation's name (`upright`, `mirror`, `rotate90`, ...).
    public let orientation: String
    /// The source layout's name (`i420`, `nv12`).
    public let layout: String

    /// The name of the layout of cells that name none (reports made
    /// before layouts measured I420 only).
    public static let defaultLayout = "i420"

    /// The cell of `converter` at `width`×`height` in `layout` and `orientation`.
    public init(
        converter: String, width: Int, height: Int, orientation: String = "upright", layout: String = defaultLayout
    ) {
        self.converter = converter
        self.width = width
        self.height = height
        self.orientation = orientation
        self.layout = layout
    }

    /// The frame's pixel count.
    public var pixels: Int { width * height }

    /// `simd at 1280x720`, `simd at 640x480 mirror` for an oriented cell,
    /// `simd at 1280x720 nv12` (`... nv12 rotate90`) for another layout than I420.
    public var description: String {
        "\(converter) at \(width)x\(height)" + (layout == Self.defaultLayout ? "" : " \(layout)")
            + (orientation == "upright" ? "" : " \(orientation)")
    }

    /// Orders by size, then layout (I420 first), then orientation (upright
    /// first), then converter.
    public static func < (a: EntryCell, b: EntryCell) -> Bool {
        func key(_ cell: EntryCell) -> (Int, Int, String, Int, String, String) {
            (
                cell.pixels, cell.width, cell.layout == defaultLayout ? "" : cell.layout,
                cell.orientation == "upright" ? 0 : 1, cell.orientation, cell.converter
            )
        }
        return key(a) < key(b)
    }
}
