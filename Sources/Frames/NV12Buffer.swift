/// An owned NV12 image with padded strides: the NV12 twin of an I420
/// frame, for synthetic frames, decoded frames repacked as a camera or a
/// hardware decoder would deliver them, and tests.
///
/// Memory is allocated once in `init` (the luma plane on
/// `I420Buffer.alignment`, as an I420 buffer's) and released when the
/// buffer is deallocated. Padding bytes are zero.
public final class NV12Buffer {
    /// Width and height in pixels.
    public var size: FrameSize { bytes.size }
    /// Stride of the luma plane in bytes.
    public var yStride: Int { bytes.yStride }
    /// Stride of the interleaved chroma plane in bytes.
    public let uvStride: Int
    private let bytes: FrameBytes

    /// Allocates a zeroed frame of `size`, each row padded by `padding`
    /// bytes beyond its meaningful width.
    public init(size: FrameSize, padding: Int = 0) {
        uvStride = 2 * size.chromaWidth + padding
        bytes = FrameBytes(size: size, padding: padding, chromaCount: uvStride * size.chromaHeight)
    }

    /// The NV12 twin of `source`: its luma, and its chroma planes
    /// interleaved pair by pair (lossless; converting either gives the same
    /// pixels).
    public convenience init(twinOf source: I420View, padding: Int = 0) {
        self.init(size: source.size, padding: padding)
        copy(from: source)
    }

    /// A view of the frame, valid while this buffer is alive and unchanged.
    public var view: NV12View {
        NV12View(
            y: bytes.luma,
            uv: PlaneView(base: bytes.chroma, stride: uvStride, width: 2 * size.chromaWidth, height: size.chromaHeight))
    }

    /// Stores `source` (same size) in this buffer: luma as it is, chroma
    /// sample `(x, y)` of U and V as the pair at `(x, y)`.
    public func copy(from source: I420View) {
        precondition(source.size == size, "size mismatch")
        let target = view
        for row in 0..<size.height {
            UnsafeMutablePointer(mutating: target.y.row(row)).update(from: source.y.row(row), count: size.width)
        }
        for row in 0..<size.chromaHeight {
            let pairs = UnsafeMutablePointer(mutating: target.uv.row(row))
            let u = source.u.row(row)
            let v = source.v.row(row)
            for x in 0..<size.chromaWidth {
                pairs[2 * x] = u[x]
                pairs[2 * x + 1] = v[x]
            }
        }
    }
}
