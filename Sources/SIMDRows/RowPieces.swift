/// A row of `width` pixels cut into pieces of `size` pixels, the last piece
/// taking the rest (up to twice as many), with each piece's chroma samples:
/// how a mirrored row and a floor pass walk a row pair, so that reading a
/// piece and writing it overlap.
@usableFromInline
struct RowPieces {
    /// Pixels in the row.
    @usableFromInline let width: Int
    /// Pixels in every piece but the last.
    @usableFromInline let size: Int
    /// The number of pieces (at least one), divided out once here rather
    /// than in every row's loop.
    @usableFromInline let count: Int

    /// The pieces of a row of `width` pixels, `size` pixels each.
    @inlinable @inline(__always)
    init(width: Int, size: Int) {
        self.width = width
        self.size = size
        self.count = max(width / size, 1)
    }

    /// Piece `index` (`0 ..< self.count`): pixels `x ..< x + count` and chroma
    /// samples `chromaX ..< chromaX + chromaCount`.
    @inlinable @inline(__always)
    subscript(_ index: Int) -> (x: Int, count: Int, chromaX: Int, chromaCount: Int) {
        let x = index &* size
        let count = index == self.count &- 1 ? width &- x : size
        let chromaX = x &>> 1
        return (x, count, chromaX, ((x &+ count &+ 1) &>> 1) &- chromaX)
    }
}
