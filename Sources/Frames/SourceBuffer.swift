/// An owned source frame in either layout, padded as asked: synthetic
/// frames, staging copies and tests that take every layout alike.
public final class SourceBuffer {
    private enum Storage {
        case i420(I420Buffer)
        case nv12(NV12Buffer)
    }

    private let storage: Storage

    /// A zeroed `size` frame in `layout`, each row padded by `padding` bytes.
    public init(size: FrameSize, layout: ChromaLayout, padding: Int = 0) {
        switch layout {
        case .i420: storage = .i420(I420Buffer(size: size, padding: padding))
        case .nv12: storage = .nv12(NV12Buffer(size: size, padding: padding))
        }
    }

    /// `source` in `layout`: a copy for I420, the twin (chroma pairs
    /// interleaved) for NV12; the same pixels either way.
    public convenience init(twinOf source: I420View, layout: ChromaLayout, padding: Int = 0) {
        self.init(size: source.size, layout: layout, padding: padding)
        switch storage {
        case .i420(let buffer): buffer.copy(from: source)
        case .nv12(let buffer): buffer.copy(from: source)
        }
    }

    /// Width and height in pixels.
    public var size: FrameSize { view.size }

    /// The frame's layout.
    public var layout: ChromaLayout { view.layout }

    /// The frame, valid while this buffer is alive and unchanged.
    public var view: SourceFrame {
        switch storage {
        case .i420(let buffer): .i420(buffer.view)
        case .nv12(let buffer): .nv12(buffer.view)
        }
    }
}
