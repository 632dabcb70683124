import Converters
import Frames

/// The converter under check, watched: around every call of the converter
/// it wraps, the source planes' bytes (rows and the padding between them)
/// are copied before and compared after, and `onWrite` hears the letter of
/// each plane that changed. The planes are `const` to a converter (the
/// plug-in ABI says so), so any change is a fault, named by plane.
struct SourceWatchingConverter: FrameConverter {
    /// The converter watched.
    let inner: any FrameConverter
    /// Told `y`, `u`, `v` or `uv` for each plane a call changed.
    let onWrite: @Sendable (String) -> Void

    var name: String { inner.name }

    var isThreadSafe: Bool { inner.isThreadSafe }

    var layouts: [ChromaLayout] { inner.layouts }

    func converter(forBandsOf frame: BGRAView, orientation: Orientation) -> any FrameConverter {
        SourceWatchingConverter(inner: inner.converter(forBandsOf: frame, orientation: orientation), onWrite: onWrite)
    }

    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        let planes = source.planes
        let before = planes.map { Self.bytes(of: $0.1) }
        var failure: ConversionError?
        do throws(ConversionError) {
            try inner.convert(source, to: destination, matrix: matrix, orientation: orientation)
        } catch {
            failure = error
        }
        for (index, (letter, plane)) in planes.enumerated() where Self.bytes(of: plane) != before[index] {
            onWrite(letter)
        }
        if let failure { throw failure }
    }

    /// The bytes of `plane` from its first row's start to its last row's end.
    static func bytes(of plane: PlaneView) -> [UInt8] {
        guard plane.width > 0 && plane.height > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: plane.base, count: (plane.height - 1) * plane.stride + plane.width))
    }
}
