/// One kind of check `ConverterCheck` runs on a converter (docs/plugins.md).
public enum CheckKind: String, CaseIterable, Sendable, Codable {
    /// Every `(y, u, v)` triple of every matrix against libyuv, upright.
    case exhaustive
    /// Widths 1 ... 67 at a few heights, padded strides, canaries in the
    /// destination's row padding, every orientation and matrix.
    case sizes
    /// Planes that end right before a guard page: no read past them.
    case overRead = "over-read"
    /// Every frame of the vector files against libyuv, every orientation.
    case frames
    /// Several threads converting distinct frames at once give the same bytes.
    case threads
    /// Time against libyuv and the memory floor, paired, with intervals.
    case speed
}
