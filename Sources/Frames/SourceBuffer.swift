/// An owned source frame in either layout, padded as asked: synthetic
/// frames, staging copies and tests that take every layout alike.
public final class SourceBuffer {
    // Two optionals rather than an enum of the two classes: with the enum,
    // LeakSanitizer reported every NV12 buffer held in swscale's worker
    // pool as leaked (the case's tag bits sit in the stored reference).
    private let planar: I420Buffer?
    private let pairs: NV12Buffer?

    /// A zeroed `size` frame in `layout`, each row padded by `padding` bytes.
    public init(size: FrameSize, layout: ChromaLayout, padding: Int = 0) {
        planar = layout == .i420 ? I420Buffer(size: size, padding: padding) : nil
        pairs = layout == .nv12 ? NV12Buffer(size: size, padding: padding) : nil
    }

    /// `source` in `layout`: a copy for I420, the twin (chroma pairs
    /// interleaved) for NV12; the same pixels either way.
    public convenience init(twinOf source: I420View, layout: ChromaLayout, padding: Int = 0) {
        self.init(size: source.size, layout: layout, padding: padding)
        planar?.copy(from: source)
        pairs?.copy(from: source)
    }

    /// Width and height in pixels.
    public var size: FrameSize { view.size }

    /// The frame's layout.
    public var layout: ChromaLayout { view.layout }

    /// The frame, valid while this buffer is alive and unchanged.
    public var view: SourceFrame {
        if let pairs { .nv12(pairs.view) } else { .i420(planar!.view) }
    }
}
