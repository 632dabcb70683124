import Frames

/// One gated figure: a converter at a frame size.
public struct GateCell: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The frame size.
    public let size: FrameSize
    /// The converter's name.
    public let converter: String

    /// The cell of `converter` at `size`.
    public init(size: FrameSize, converter: String) {
        self.size = size
        self.converter = converter
    }

    /// Ordered by frame area, then width, then converter name.
    public static func < (a: GateCell, b: GateCell) -> Bool {
        (a.size.pixelCount, a.size.width, a.converter) < (b.size.pixelCount, b.size.width, b.converter)
    }

    /// `simd at 1920x1080`.
    public var description: String { "\(converter) at \(size)" }
}
