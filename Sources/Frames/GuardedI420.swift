/// An I420 frame whose three planes each end right before a guard page:
/// the last meaningful byte of each plane's last row is the last readable
/// byte.
public final class GuardedI420 {
    /// The planes' memory: Y, U, V.
    public let planes: [GuardedBytes]
    /// The frame; valid while this object is alive.
    public let view: I420View

    /// A `size` frame with `padding` bytes of stride padding (the last row
    /// has no padding after it); every byte, padding included, comes from
    /// `nextByte` in plane order (Y, U, V).
    public init(size: FrameSize, padding: Int, nextByte: () -> UInt8) {
        func plane(width: Int, height: Int) -> (GuardedBytes, PlaneView) {
            let stride = width + padding
            let count = max(0, stride * (height - 1) + width)
            let bytes = GuardedBytes(count: count)
            for i in 0..<count { bytes.base[i] = nextByte() }
            return (bytes, PlaneView(base: bytes.base, stride: stride, width: width, height: height))
        }
        let y = plane(width: size.width, height: size.height)
        let u = plane(width: size.chromaWidth, height: size.chromaHeight)
        let v = plane(width: size.chromaWidth, height: size.chromaHeight)
        planes = [y.0, u.0, v.0]
        view = I420View(y: y.1, u: u.1, v: v.1)
    }
}
