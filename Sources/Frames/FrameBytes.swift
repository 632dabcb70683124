/// Zeroed bytes for a source frame's planes, from `FrameMemory` (so laid
/// out alike in every process), released with their owner: the luma plane
/// of `size`, each row padded, on `I420Buffer.alignment`, followed by the
/// chroma bytes of whichever layout owns them.
final class FrameBytes {
    /// The frame's width and height in pixels.
    let size: FrameSize
    /// Stride of the luma plane in bytes.
    let yStride: Int
    /// The first byte of the luma plane, on at least `I420Buffer.alignment`.
    let base: UnsafeMutablePointer<UInt8>
    private let count: Int

    /// Zeroed bytes for the luma plane of `size`, each row padded by
    /// `padding` bytes, and `chromaCount` bytes after it (at least one byte
    /// is allocated).
    /// - Precondition: `padding >= 0`.
    init(size: FrameSize, padding: Int, chromaCount: Int) {
        precondition(padding >= 0, "negative padding")
        self.size = size
        yStride = size.width + padding
        count = yStride * size.height + chromaCount
        base = FrameMemory.allocate(byteCount: count, minimumAlignment: I420Buffer.alignment)
            .initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1))
    }

    deinit { FrameMemory.deallocate(UnsafeMutableRawPointer(base), byteCount: count) }

    /// The luma plane.
    var luma: PlaneView { PlaneView(base: base, stride: yStride, width: size.width, height: size.height) }

    /// The first chroma byte, right after the luma plane.
    var chroma: UnsafeMutablePointer<UInt8> { base + yStride * size.height }
}
