import Frames

/// A BGRA frame converted into again and again, as a player converts each
/// decoded frame into one pixel buffer: it is allocated on the first
/// conversion and again only when the oriented size changes.
public struct ConversionTarget {
    private var buffer: BGRABuffer?

    /// A target with nothing allocated yet.
    public init() {}

    /// Converts `source` with `converter` into the target, sized for
    /// `source` turned by `orientation`.
    /// - Returns: the converted frame, valid until the next conversion.
    /// - Throws: what the converter throws.
    public mutating func convert(
        _ source: SourceFrame, with converter: any FrameConverter, matrix: ColorMatrix,
        orientation: Orientation = .upright
    ) throws(ConversionError) -> BGRAView {
        let size = orientation.orientedSize(of: source.size)
        if buffer?.size != size { buffer = BGRABuffer(size: size) }
        let view = buffer!.view
        try converter.convert(source, to: view, matrix: matrix, orientation: orientation)
        return view
    }
}
