/// How a source frame stores its chroma: the layouts decoders and cameras
/// deliver (docs/layouts.md).
///
/// Both are 4:2:0: pixel `(x, y)` uses chroma sample `(x / 2, y / 2)`, and
/// the chroma is `(width + 1) / 2 × (height + 1) / 2` samples of each of
/// Cb (U) and Cr (V). The same samples in either layout convert to the same
/// pixels.
public enum ChromaLayout: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// Three planes, Y, U, V: what VP8, VP9 and AV1 software decoders give.
    case i420
    /// Two planes, Y and UV, each chroma pair interleaved with U first: what
    /// cameras and hardware H.264/HEVC decoders give.
    case nv12

    /// The name used on the command line and in JSON: `i420`, `nv12`.
    public var description: String { rawValue }
}
