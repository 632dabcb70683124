/// An owned I420 image with padded strides, for synthetic frames, copies
/// and tests.
///
/// Memory is allocated once in `init` and released when the buffer is
/// deallocated. Padding bytes are zero. The luma plane starts on a 64-byte
/// boundary (libvpx aligns its planes too), so the same frame has the same
/// layout relative to cache lines in every process: a benchmark whose
/// source planes started wherever the allocator put them measured small
/// frames up to 9 % apart from one run to the next.
public final class I420Buffer {
    /// Width and height in pixels.
    public let size: FrameSize
    /// Stride of the luma plane in bytes.
    public let yStride: Int
    /// Stride of each chroma plane in bytes.
    public let chromaStride: Int
    private let bytes: FrameBytes
    private var storage: UnsafeMutablePointer<UInt8> { bytes.base }

    /// Allocates a zeroed frame of `size`, each row padded by `padding`
    /// bytes beyond its meaningful width.
    public init(size: FrameSize, padding: Int = 0) {
        precondition(padding >= 0, "negative padding")
        self.size = size
        yStride = size.width + padding
        chromaStride = size.chromaWidth + padding
        bytes = FrameBytes(count: yStride * size.height + 2 * chromaStride * size.chromaHeight)
    }

    /// The alignment of the luma plane's first byte.
    public static let alignment = 64

    private var uOffset: Int { yStride * size.height }
    private var vOffset: Int { uOffset + chromaStride * size.chromaHeight }

    /// A view of the frame, valid while this buffer is alive and unchanged.
    public var view: I420View {
        I420View(
            y: PlaneView(base: storage, stride: yStride, width: size.width, height: size.height),
            u: PlaneView(
                base: storage + uOffset, stride: chromaStride,
                width: size.chromaWidth, height: size.chromaHeight),
            v: PlaneView(
                base: storage + vOffset, stride: chromaStride,
                width: size.chromaWidth, height: size.chromaHeight))
    }

    /// Which plane of an I420 frame.
    public enum Plane: Sendable { case y, u, v }

    /// Calls `body(x, y)` for every meaningful sample of `plane` and stores
    /// the value it returns there.
    public func fill(_ plane: Plane, _ body: (_ x: Int, _ y: Int) -> UInt8) {
        let (base, stride, width, height): (UnsafeMutablePointer<UInt8>, Int, Int, Int)
        switch plane {
        case .y: (base, stride, width, height) = (storage, yStride, size.width, size.height)
        case .u: (base, stride, width, height) = (storage + uOffset, chromaStride, size.chromaWidth, size.chromaHeight)
        case .v: (base, stride, width, height) = (storage + vOffset, chromaStride, size.chromaWidth, size.chromaHeight)
        }
        for row in 0..<height {
            let p = base + row * stride
            for x in 0..<width { p[x] = body(x, row) }
        }
    }

    /// Copies the meaningful bytes of `source` (same size) into this buffer.
    public func copy(from source: I420View) {
        precondition(source.size == size, "size mismatch")
        let target = view
        for (from, to) in [(source.y, target.y), (source.u, target.u), (source.v, target.v)] {
            for row in 0..<from.height {
                UnsafeMutablePointer(mutating: to.row(row)).update(from: from.row(row), count: from.width)
            }
        }
    }
}
