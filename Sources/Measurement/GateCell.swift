import Frames

/// One gated figure: a converter at a frame size and orientation.
public struct GateCell: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The frame size.
    public let size: FrameSize
    /// The orientation converted into (`upright` in baselines written before orientations).
    public let orientation: Orientation
    /// The converter's name.
    public let converter: String

    /// The cell of `converter` at `size`, converting into `orientation`.
    public init(size: FrameSize, orientation: Orientation = .upright, converter: String) {
        self.size = size
        self.orientation = orientation
        self.converter = converter
    }

    /// The cell of `converter` in the synthetic cell `cell`.
    public init(_ cell: SyntheticCell, converter: String) {
        self.init(size: cell.size, orientation: cell.orientation, converter: converter)
    }

    /// The synthetic cell: size and orientation.
    public var cell: SyntheticCell { SyntheticCell(size: size, orientation: orientation) }

    /// Ordered by frame area, then width, then orientation (ABI value), then converter name.
    public static func < (a: GateCell, b: GateCell) -> Bool {
        (a.size.pixelCount, a.size.width, a.orientation.abiValue, a.converter)
            < (b.size.pixelCount, b.size.width, b.orientation.abiValue, b.converter)
    }

    /// `simd at 1920x1080`, `simd at 1280x720 rotate90`.
    public var description: String { "\(converter) at \(cell)" }
}
