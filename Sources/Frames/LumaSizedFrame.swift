/// A frame whose size is its luma plane's, with chroma subsampled 2 × 2
/// (`I420View`, `NV12View`, and either as a `SourceFrame`).
public protocol LumaSizedFrame {
    /// The luma plane, `width × height`.
    var y: PlaneView { get }
}

extension LumaSizedFrame {
    /// Luma width in pixels.
    @inlinable public var width: Int { y.width }
    /// Luma height in pixels.
    @inlinable public var height: Int { y.height }
    /// Width and height together.
    public var size: FrameSize { FrameSize(width: y.width, height: y.height) }

    /// The chroma rows that belong to luma rows `rows`.
    /// - Precondition: `rows` starts on an even row (so chroma rows are
    ///   whole) and lies within the frame.
    func chromaRows(ofBand rows: Range<Int>) -> Range<Int> {
        precondition(
            rows.lowerBound % 2 == 0 && rows.lowerBound >= 0 && rows.upperBound <= height,
            "a band starts on an even row inside the frame")
        return rows.lowerBound / 2..<(rows.upperBound + 1) / 2
    }
}
