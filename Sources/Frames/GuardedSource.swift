/// A source frame, in either layout, whose planes each end right before a
/// guard page: the last meaningful byte of each plane's last row is the
/// last readable byte.
public final class GuardedSource {
    /// The planes' names (`y`, `u`, `v` or `y`, `uv`) and memory, in order.
    public let planes: [(name: String, bytes: GuardedBytes)]
    /// The frame; valid while this object is alive.
    public let view: SourceFrame

    /// A `size` frame in `layout` with `padding` bytes of stride padding
    /// (the last row has no padding after it); every byte, padding
    /// included, comes from `nextByte` in plane order.
    public init(size: FrameSize, layout: ChromaLayout = .i420, padding: Int, nextByte: () -> UInt8) {
        func plane(width: Int, height: Int) -> (GuardedBytes, PlaneView) {
            let stride = width + padding
            let count = max(0, stride * (height - 1) + width)
            let bytes = GuardedBytes(count: count)
            for i in 0..<count { bytes.base[i] = nextByte() }
            return (bytes, PlaneView(base: bytes.base, stride: stride, width: width, height: height))
        }
        let y = plane(width: size.width, height: size.height)
        switch layout {
        case .i420:
            let u = plane(width: size.chromaWidth, height: size.chromaHeight)
            let v = plane(width: size.chromaWidth, height: size.chromaHeight)
            planes = [("y", y.0), ("u", u.0), ("v", v.0)]
            view = .i420(I420View(y: y.1, u: u.1, v: v.1))
        case .nv12:
            let uv = plane(width: 2 * size.chromaWidth, height: size.chromaHeight)
            planes = [("y", y.0), ("uv", uv.0)]
            view = .nv12(NV12View(y: y.1, uv: uv.1))
        }
    }
}
