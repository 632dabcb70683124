/// A read-only, borrowed view of one 8-bit image plane.
///
/// The view does not own its memory: whoever created it keeps the bytes
/// alive and unchanged while it is in use. Row `r` starts at
/// `base + r * stride` and holds `width` meaningful bytes; bytes between
/// `width` and `stride` are padding and are never read through this view.
public struct PlaneView {
    /// First byte of row 0.
    public let base: UnsafePointer<UInt8>
    /// Distance in bytes from one row to the next (≥ `width`).
    public let stride: Int
    /// Meaningful bytes per row.
    public let width: Int
    /// Number of rows.
    public let height: Int

    /// Wraps `height` rows of `width` bytes, `stride` bytes apart.
    /// - Precondition: `width ≥ 0`, `height ≥ 0`, `stride ≥ width`.
    public init(base: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int) {
        precondition(width >= 0 && height >= 0 && stride >= width, "invalid plane geometry")
        self.base = base
        self.stride = stride
        self.width = width
        self.height = height
    }

    /// The first byte of row `row` (0-based, `row < height`).
    @inlinable
    public func row(_ row: Int) -> UnsafePointer<UInt8> {
        base + row * stride
    }

    /// Rows `rows` of this plane as a plane of their own (`rows` within
    /// `0...height`).
    func band(rows: Range<Int>) -> PlaneView {
        PlaneView(base: row(rows.lowerBound), stride: stride, width: width, height: rows.count)
    }

    /// The meaningful bytes of row `row`, without padding.
    @inlinable
    public func rowBytes(_ row: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + row * stride, count: width)
    }
}
