/// A borrowed view of an 8-bit NV12 image: a luma plane, then one plane of
/// interleaved chroma pairs (U, V), the layout of camera frames and of
/// hardware H.264/HEVC decoders.
///
/// Luma is `width × height`; the chroma plane has `(height + 1) / 2` rows of
/// `(width + 1) / 2` pairs, so `2 × ((width + 1) / 2)` meaningful bytes a
/// row, and pixel `(x, y)` uses the pair at `(x / 2, y / 2)`. Each plane has
/// its own stride. The view is valid only as long as its owner says so.
public struct NV12View: LumaSizedFrame {
    /// Luma plane, `width × height`.
    public let y: PlaneView
    /// Interleaved chroma plane: `2 × chromaWidth` bytes (U, V, U, V, ...)
    /// a row, `chromaHeight` rows.
    public let uv: PlaneView

    /// Combines a luma and an interleaved chroma plane into a frame.
    /// - Precondition: `uv` is exactly `2 × ((y.width + 1) / 2)` bytes by
    ///   `(y.height + 1) / 2` rows.
    public init(y: PlaneView, uv: PlaneView) {
        let size = FrameSize(width: y.width, height: y.height)
        precondition(
            uv.width == 2 * size.chromaWidth && uv.height == size.chromaHeight,
            "the chroma plane does not match the luma size")
        self.y = y
        self.uv = uv
    }

    /// The rows `rows` of this frame as a frame of their own.
    /// - Precondition: `rows` starts on an even row (so chroma rows are whole)
    ///   and lies within the frame.
    public func band(rows: Range<Int>) -> NV12View {
        NV12View(y: y.band(rows: rows), uv: uv.band(rows: chromaRows(ofBand: rows)))
    }
}
