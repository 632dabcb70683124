/// A borrowed, writable view of a BGRA image: 4 bytes a pixel in memory
/// order blue, green, red, alpha (CoreVideo's `kCVPixelFormatType_32BGRA`,
/// libyuv's "ARGB").
///
/// Row `r` starts at `base + r * stride`; its first `width × 4` bytes are
/// pixels, the rest (if any) padding that converters never touch.
public struct BGRAView {
    /// First byte of row 0.
    public let base: UnsafeMutablePointer<UInt8>
    /// Distance in bytes from one row to the next (≥ `width × 4`).
    public let stride: Int
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// Wraps `height` rows of `width` pixels, `stride` bytes apart.
    /// - Precondition: `stride ≥ width × 4`.
    public init(base: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int) {
        precondition(width >= 0 && height >= 0 && stride >= width * 4, "invalid BGRA geometry")
        self.base = base
        self.stride = stride
        self.width = width
        self.height = height
    }

    /// Width and height together.
    public var size: FrameSize { FrameSize(width: width, height: height) }

    /// The first byte of row `row`.
    @inlinable
    public func row(_ row: Int) -> UnsafeMutablePointer<UInt8> { base + row * stride }

    /// The rows `rows` as a view of their own.
    public func band(rows: Range<Int>) -> BGRAView {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height, "band outside the frame")
        return BGRAView(base: row(rows.lowerBound), stride: stride, width: width, height: rows.count)
    }
}

/// An owned BGRA image, allocated once and released on deallocation. The
/// first row starts on a 64-byte boundary (as in a `CVPixelBuffer`), so
/// with a stride that is a multiple of 64 every row does.
public final class BGRABuffer {
    /// Width and height in pixels.
    public let size: FrameSize
    /// Bytes per row (≥ `width × 4`).
    public let stride: Int
    private let storage: UnsafeMutablePointer<UInt8>
    private let byteCount: Int

    /// Allocates a `size` image with `padding` extra bytes a row, every byte
    /// set to `fill`.
    public init(size: FrameSize, padding: Int = 0, fill: UInt8 = 0) {
        precondition(padding >= 0, "negative padding")
        self.size = size
        stride = size.width * 4 + padding
        byteCount = stride * size.height
        storage = FrameMemory.allocate(byteCount: byteCount, minimumAlignment: Self.rowAlignment)
            .bindMemory(to: UInt8.self, capacity: max(byteCount, 1))
        storage.initialize(repeating: fill, count: max(byteCount, 1))
    }

    /// A `size` image whose rows are padded to a multiple of `rowAlignment`
    /// bytes, so that every row starts on a cache line, as in a pixel buffer
    /// made for display: a 1080-pixel row of 4,320 bytes takes 4,352. Every
    /// byte is set to `fill`.
    public convenience init(alignedRowsOf size: FrameSize, fill: UInt8 = 0) {
        self.init(size: size, padding: Self.alignedStride(width: size.width) - size.width * 4, fill: fill)
    }

    /// The stride of an `init(alignedRowsOf:)` image `width` pixels wide:
    /// its `width × 4` row bytes rounded up to a multiple of `rowAlignment`.
    public static func alignedStride(width: Int) -> Int {
        (width * 4 + rowAlignment - 1) / rowAlignment * rowAlignment
    }

    /// The alignment of the first row: a cache line.
    public static let rowAlignment = 64

    deinit { FrameMemory.deallocate(storage, byteCount: byteCount) }

    /// A writable view of the image, valid while this buffer is alive.
    public var view: BGRAView {
        BGRAView(base: storage, stride: stride, width: size.width, height: size.height)
    }

    /// Every byte of the buffer, padding included.
    public var allBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage, count: byteCount)
    }

    /// The pixel bytes of row `row` (`width × 4` of them), without padding.
    public func rowBytes(_ row: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage + row * stride, count: size.width * 4)
    }
}
