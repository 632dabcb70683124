import Frames

/// One cell of the synthetic section and of the gate: a frame size and the
/// orientation every converter of the cell (libyuv, the ratio reference,
/// included) converts into. The memory floors of a cell are those of the
/// upright frame: an oriented conversion reads and writes the same bytes.
public struct SyntheticCell: Hashable, Sendable, CustomStringConvertible {
    /// The source frame's size.
    public let size: FrameSize
    /// The orientation of the converted frames.
    public let orientation: Orientation

    /// The cell converting `size` frames into `orientation`.
    public init(size: FrameSize, orientation: Orientation = .upright) {
        self.size = size
        self.orientation = orientation
    }

    /// `1280x720` for an upright cell, else `1280x720 rotate90`.
    public var description: String { orientation == .upright ? "\(size)" : "\(size) \(orientation)" }

    /// The cell's part of a JSON entry name: `1280x720` for an upright
    /// cell (the names of reports made before orientations), else
    /// `1280x720/rotate90`.
    public var nameComponent: String { orientation == .upright ? "\(size)" : "\(size)/\(orientation)" }

    /// The sizes a default report measures upright.
    public static let defaultSizes = ["176x144", "640x480", "1280x720", "1920x1080"].compactMap(
        FrameSize.init(parsing:))

    /// The oriented cells a default report adds to its upright sizes: a
    /// mirrored local preview at 640×480 and a camera turned a quarter at
    /// 1280×720.
    public static let defaultOriented = [
        SyntheticCell(size: FrameSize(width: 640, height: 480), orientation: .mirror),
        SyntheticCell(size: FrameSize(width: 1280, height: 720), orientation: .rotate90),
    ]
}
