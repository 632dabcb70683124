import Frames

/// An orientation as the kernel walks it: where each source axis goes in
/// the output and whether it runs backwards there.
///
/// Source pixel `(x, y)` of a `width × height` frame lands at output
/// `(reversesColumns ? width - 1 - x : x, reversesRows ? height - 1 - y : y)`,
/// with the two coordinates exchanged when `swaps` (then source columns are
/// output rows). Its chroma sample is `((x + columnPhase) / 2, (y + rowPhase) / 2)`:
/// libyuv reverses each plane on its own size, so along a reversed axis of
/// odd length chroma pairs start at 1, not at 0 (`Orientation.sourcePosition`).
public struct OrientedAxes: Equatable, Sendable {
    /// Whether output rows are source columns (90 and 270 degrees).
    public let swaps: Bool
    /// Whether source columns run backwards in the output.
    public let reversesColumns: Bool
    /// Whether source rows run backwards in the output.
    public let reversesRows: Bool

    /// The axes of `orientation`.
    @inlinable
    public init(_ orientation: Orientation) {
        let mirrored = orientation.isMirrored
        switch orientation.quarterTurns {
        case 0: (swaps, reversesColumns, reversesRows) = (false, mirrored, false)
        case 1: (swaps, reversesColumns, reversesRows) = (true, false, !mirrored)
        case 2: (swaps, reversesColumns, reversesRows) = (false, !mirrored, true)
        default: (swaps, reversesColumns, reversesRows) = (true, true, mirrored)
        }
    }

    /// 1 when source columns are reversed and `width` is odd, else 0: the
    /// column phase of the chroma pairs.
    @inlinable
    public func columnPhase(width: Int) -> Int { reversesColumns ? width & 1 : 0 }

    /// 1 when source rows are reversed and `height` is odd, else 0: the
    /// row phase of the chroma pairs.
    @inlinable
    public func rowPhase(height: Int) -> Int { reversesRows ? height & 1 : 0 }
}
