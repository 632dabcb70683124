import Converters
import Frames

/// What makes one conversion of a check the one it is: the source's
/// layout, size, strides and bytes (its digest), the destination's size
/// and stride, the matrix and the orientation. A worker sends it with the
/// case's evidence; the parent accepts evidence only for the identity of
/// the case it is judging.
struct CaseIdentity: Equatable, CustomStringConvertible {
    /// One line without line breaks.
    let description: String

    /// The identity of converting `source` into `destination`.
    init(_ source: SourceFrame, _ destination: BGRAView, _ matrix: ColorMatrix, _ orientation: Orientation) {
        let strides = source.planes.map { String($0.plane.stride) }.joined(separator: ",")
        description =
            "\(source.layout) \(source.y.width)x\(source.y.height) strides \(strides) source \(EvidenceDigest.of(source))"
            + " to \(destination.width)x\(destination.height) stride \(destination.stride)"
            + " \(matrix.name) \(orientation.name)"
    }

    /// The identity as sent.
    init(text: String) { description = text }
}
