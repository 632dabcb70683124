/// What a synthetic `convert/*` entry of a report measured: one converter
/// converting frames of one size into one orientation.
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

    /// The cell of `converter` at `width`×`height` in `orientation`.
    public init(converter: String, width: Int, height: Int, orientation: String = "upright") {
        self.converter = converter
        self.width = width
        self.height = height
        self.orientation = orientation
    }

    /// The frame's pixel count.
    public var pixels: Int { width * height }

    /// `simd at 1280x720`, or `simd at 640x480 mirror` for an oriented cell.
    public var description: String {
        "\(converter) at \(width)x\(height)" + (orientation == "upright" ? "" : " \(orientation)")
    }

    /// Orders by size, then orientation (upright first), then converter.
    public static func < (a: EntryCell, b: EntryCell) -> Bool {
        func key(_ cell: EntryCell) -> (Int, Int, Int, String, String) {
            (cell.pixels, cell.width, cell.orientation == "upright" ? 0 : 1, cell.orientation, cell.converter)
        }
        return key(a) < key(b)
    }
}
