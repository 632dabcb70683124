/// A borrowed view of an 8-bit I420 (YUV 4:2:0 planar) image.
///
/// Luma is `width × height`; each chroma plane is
/// `(width + 1) / 2 × (height + 1) / 2`, and pixel `(x, y)` uses chroma
/// sample `(x / 2, y / 2)`. Each plane has its own stride. The view may
/// point into a decoder's buffers (no copy) and is valid only as long as its
/// owner says so.
public struct I420View: LumaSizedFrame {
    /// Luma plane, `width × height`.
    public let y: PlaneView
    /// Cb plane, `chromaWidth × chromaHeight`.
    public let u: PlaneView
    /// Cr plane, `chromaWidth × chromaHeight`.
    public let v: PlaneView

    /// Combines three planes into a frame.
    /// - Precondition: the chroma planes are exactly
    ///   `(y.width + 1) / 2 × (y.height + 1) / 2`.
    public init(y: PlaneView, u: PlaneView, v: PlaneView) {
        let size = FrameSize(width: y.width, height: y.height)
        precondition(
            u.width == size.chromaWidth && u.height == size.chromaHeight
                && v.width == size.chromaWidth && v.height == size.chromaHeight,
            "chroma planes do not match the luma size")
        self.y = y
        self.u = u
        self.v = v
    }

    /// The rows `rows` of this frame as a frame of their own.
    /// - Precondition: `rows` starts on an even row (so chroma rows are whole)
    ///   and lies within the frame.
    public func band(rows: Range<Int>) -> I420View {
        let chroma = chromaRows(ofBand: rows)
        return I420View(y: y.band(rows: rows), u: u.band(rows: chroma), v: v.band(rows: chroma))
    }
}
