import Frames
import Statistics

extension I420Buffer {
    /// A `size` frame with `padding` bytes of stride padding, every sample
    /// random from `seed` (padding bytes random too, so a converter that
    /// reads them would show).
    public static func random(size: FrameSize, padding: Int, seed: UInt64) -> I420Buffer {
        let buffer = I420Buffer(size: size, padding: padding)
        var rng = SplitMix64(seed: seed)
        let view = buffer.view
        for plane in [view.y, view.u, view.v] {
            let bytes = UnsafeMutablePointer(mutating: plane.base)
            for i in 0..<(plane.stride * plane.height) { bytes[i] = UInt8(truncatingIfNeeded: rng.next()) }
        }
        return buffer
    }
}

/// Inputs that cover every `(y, u, v)` triple: one 512×128 frame per `u`.
///
/// In the frame for `u`, chroma column `cx` holds `v = cx` (256 columns) and
/// the four luma samples of the 2×2 block in chroma row `cy` hold
/// `y = 4 × cy + (0, 1, 2, 3)` (64 rows), so the 65,536 pixels are exactly
/// every `(y, v)` pair for that `u`.
public enum ExhaustiveFrames {
    /// Size of each frame.
    public static let size = FrameSize(width: 512, height: 128)

    /// Fills `buffer` (of `size`) with the frame for `u`.
    public static func fill(_ buffer: I420Buffer, u: UInt8) {
        precondition(buffer.size == size)
        let view = buffer.view
        let y = UnsafeMutablePointer(mutating: view.y.base)
        for row in 0..<size.height {
            let line = y + row * view.y.stride
            for x in 0..<size.width {
                line[x] = UInt8(4 * (row / 2) + 2 * (row % 2) + x % 2)
            }
        }
        for row in 0..<size.chromaHeight {
            let uLine = UnsafeMutablePointer(mutating: view.u.row(row))
            let vLine = UnsafeMutablePointer(mutating: view.v.row(row))
            for x in 0..<size.chromaWidth {
                uLine[x] = u
                vLine[x] = UInt8(x)
            }
        }
    }
}
