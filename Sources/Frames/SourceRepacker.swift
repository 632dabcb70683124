/// Hands out decoded I420 frames in a chosen layout, as a player whose
/// frames come from a camera or a hardware decoder would receive them:
/// I420 frames as they are (no copy), NV12 as their twins, repacked
/// losslessly into one reused buffer (reallocated only when the size
/// changes).
public struct SourceRepacker {
    /// The layout frames are handed out in.
    public let layout: ChromaLayout
    private var buffer: NV12Buffer?

    /// A repacker into `layout`, with nothing allocated yet.
    public init(layout: ChromaLayout) {
        self.layout = layout
    }

    /// `frame` in `layout`: valid until the next call and while `frame` is.
    public mutating func frame(_ frame: I420View) -> SourceFrame {
        switch layout {
        case .i420:
            return .i420(frame)
        case .nv12:
            if buffer?.size != frame.size { buffer = NV12Buffer(size: frame.size) }
            buffer!.copy(from: frame)
            return .nv12(buffer!.view)
        }
    }
}
