import Frames

/// One cell of the synthetic section and of the gate: a frame size, the
/// source frames' layout and the orientation every converter of the cell
/// (libyuv, the ratio reference, included) converts into. The memory floors
/// of a cell are those of the upright frame in the cell's layout: an
/// oriented conversion reads and writes the same bytes.
public struct SyntheticCell: Hashable, Sendable, CustomStringConvertible {
    /// The source frame's size.
    public let size: FrameSize
    /// The orientation of the converted frames.
    public let orientation: Orientation
    /// The source frames' layout.
    public let layout: ChromaLayout

    /// The cell converting `size` frames in `layout` into `orientation`.
    public init(size: FrameSize, orientation: Orientation = .upright, layout: ChromaLayout = .i420) {
        self.size = size
        self.orientation = orientation
        self.layout = layout
    }

    /// `1280x720` for an upright I420 cell, else with the layout (not
    /// I420) and the orientation (not upright) after it:
    /// `1280x720 rotate90`, `1280x720 nv12`, `1280x720 nv12 rotate90`.
    public var description: String { Self.parts(self).joined(separator: " ") }

    /// The cell's part of a JSON entry name: `1280x720` for an upright I420
    /// cell (the names of reports made before orientations and layouts),
    /// else with the layout (not I420) and the orientation (not upright):
    /// `1280x720/rotate90`, `1280x720/nv12`, `1280x720/nv12/rotate90`.
    public var nameComponent: String { Self.parts(self).joined(separator: "/") }

    /// The size, then the layout unless I420, then the orientation unless upright.
    private static func parts(_ cell: SyntheticCell) -> [String] {
        ["\(cell.size)"] + (cell.layout == .i420 ? [] : [cell.layout.rawValue])
            + (cell.orientation == .upright ? [] : [cell.orientation.name])
    }

    /// The same cell in `layout`.
    public func inLayout(_ layout: ChromaLayout) -> SyntheticCell {
        SyntheticCell(size: size, orientation: orientation, layout: layout)
    }

    /// The sizes a default report measures upright: QCIF, a group call's
    /// tiles (320×180, 640×360), VGA, 720p and 1080p.
    public static let defaultSizes = ["176x144", "320x180", "640x360", "640x480", "1280x720", "1920x1080"]
        .compactMap(FrameSize.init(parsing:))

    /// The oriented cells a default report adds to its upright sizes: a
    /// mirrored local preview at 640×480 and a camera turned a quarter at
    /// 1280×720.
    public static let defaultOriented = [
        SyntheticCell(size: FrameSize(width: 640, height: 480), orientation: .mirror),
        SyntheticCell(size: FrameSize(width: 1280, height: 720), orientation: .rotate90),
    ]
}
