import Frames

/// Inputs that cover every `(y, u, v)` triple: one 512×128 frame per `u`.
///
/// In the frame for `u`, chroma column `cx` holds `v = cx` (256 columns) and
/// the four luma samples of the 2×2 block in chroma row `cy` hold
/// `y = 4 × cy + (0, 1, 2, 3)` (64 rows), so the 65,536 pixels are exactly
/// every `(y, v)` pair for that `u`.
public enum ExhaustiveFrames {
    /// Size of each frame.
    public static let size = FrameSize(width: 512, height: 128)

    /// The luma sample of pixel `(x, row)` in every frame.
    public static func luma(x: Int, row: Int) -> UInt8 { UInt8(4 * (row / 2) + 2 * (row % 2) + x % 2) }

    /// The `v` sample of pixel `(x, row)` in every frame.
    public static func v(x: Int, row: Int) -> UInt8 { UInt8(x / 2) }

    /// Fills `buffer` (of `size`) with the frame for `u`.
    public static func fill(_ buffer: I420Buffer, u: UInt8) {
        precondition(buffer.size == size)
        let view = buffer.view
        let y = UnsafeMutablePointer(mutating: view.y.base)
        for row in 0..<size.height {
            let line = y + row * view.y.stride
            for x in 0..<size.width {
                line[x] = luma(x: x, row: row)
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
