import Frames

/// A converter that can write any band of destination rows of an oriented
/// conversion on its own, reading the whole source frame: what a parallel
/// converter needs to split a rotated frame (whose destination rows are
/// source columns) or a flipped one (whose top rows come from the bottom).
///
/// Converting the bands of any partition of the destination rows, in any
/// order or at once on several threads, writes the same bytes as one
/// `convert(_:to:matrix:orientation:)` of the whole frame; each call writes
/// only the rows of its band (`width × 4` bytes each) and reads only the
/// meaningful bytes of the source planes.
public protocol DestinationBandConverter: FrameConverter {
    /// Converts destination rows `rows` of `source` oriented by
    /// `orientation` into those rows of `destination`, with `matrix`.
    /// - Precondition: `destination.size == orientation.orientedSize(of: source.size)`
    ///   and `rows` lies within `0 ..< destination.height`.
    /// - Throws: as `convert(_:to:matrix:orientation:)`.
    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation,
        rows: Range<Int>
    ) throws(ConversionError)
}

extension DestinationBandConverter {
    /// Checks the sizes agree with `orientation` and `rows` lies in the
    /// destination; conformers call this first.
    func checkSizes(_ source: SourceFrame, _ destination: BGRAView, _ orientation: Orientation, rows: Range<Int>) {
        checkSizes(source, destination, orientation)
        precondition(
            rows.lowerBound >= 0 && rows.upperBound <= destination.height,
            "rows \(rows) outside a destination of height \(destination.height)")
    }
}
