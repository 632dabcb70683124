/// A borrowed source frame that carries its layout: what a decoder or a
/// camera hands a converter.
///
/// A new layout is one more case here and one more chroma loader in the
/// kernels; code that only needs sizes, bands or the planes' memory works
/// through the members below for every layout.
public enum SourceFrame: LumaSizedFrame {
    /// Three planes: Y, U, V.
    case i420(I420View)
    /// Two planes: Y, then interleaved U, V pairs.
    case nv12(NV12View)

    /// Which layout this frame has.
    public var layout: ChromaLayout {
        switch self {
        case .i420: .i420
        case .nv12: .nv12
        }
    }

    /// The luma plane.
    public var y: PlaneView {
        switch self {
        case .i420(let frame): frame.y
        case .nv12(let frame): frame.y
        }
    }

    /// Every plane with its name (`y`, `u`, `v` or `y`, `uv`), in memory
    /// order: what over-read checks guard and floors move.
    public var planes: [(name: String, plane: PlaneView)] {
        switch self {
        case .i420(let frame): [("y", frame.y), ("u", frame.u), ("v", frame.v)]
        case .nv12(let frame): [("y", frame.y), ("uv", frame.uv)]
        }
    }

    /// The rows `rows` as a frame of their own, in the same layout.
    /// - Precondition: `rows` starts on an even row and lies within the frame.
    public func band(rows: Range<Int>) -> SourceFrame {
        switch self {
        case .i420(let frame): .i420(frame.band(rows: rows))
        case .nv12(let frame): .nv12(frame.band(rows: rows))
        }
    }
}
