import Converters
import Frames

/// A converter measured upright beside its own oriented conversion: in an
/// oriented cell, `UprightTwin(simd)` converts the same frames upright in
/// the same rounds as `simd` converts them oriented, so the ratio of the
/// two is paired round by round like the ratios to libyuv (`UprightRatio`).
struct UprightTwin: FrameConverter {
    /// The converter converting upright.
    let base: any FrameConverter

    /// `NAME@upright` (`ContenderID.upright`).
    var name: String { ContenderID.upright(base.name).description }

    /// `base`'s.
    var isThreadSafe: Bool { base.isThreadSafe }

    /// `base`'s.
    var layouts: [ChromaLayout] { base.layouts }

    /// `base`'s upright conversion, whatever `orientation` says.
    /// - Precondition: `destination` has `source`'s size.
    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        try base.convert(source, to: destination, matrix: matrix, orientation: .upright)
    }
}
