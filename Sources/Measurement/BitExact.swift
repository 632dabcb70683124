import Conformance
import Converters
import Frames
import Peers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compares converters with libyuv, byte for byte, frame by frame.
///
/// Use: `load(frame, matrix:orientation:)` once per frame (converts it
/// with libyuv), then `compare(converter)` or `deviation(of:)` for each
/// converter. Buffers are reallocated only when the output size changes.
public final class BitExactChecker {
    private let reference = LibYUVConverter()
    private var expected: BGRABuffer?
    private var actual: BGRABuffer?
    private var frame: SourceFrame?
    private var matrix = ColorMatrix.bt601
    private var orientation = Orientation.upright

    /// A checker with no frame loaded.
    public init() {}

    /// What `compare` found.
    public enum Outcome: Equatable, Sendable {
        /// The converter wrote exactly libyuv's bytes.
        case equal
        /// It wrote other bytes.
        case different
        /// It refused (`.unsupported`) or failed the conversion.
        case refused(ConversionError)
    }

    /// Makes `frame` the frame under test and computes libyuv's output for
    /// it with `matrix` in `orientation`. `frame` must stay valid until the
    /// next `load`.
    public func load(_ frame: SourceFrame, matrix: ColorMatrix, orientation: Orientation = .upright) {
        let size = orientation.orientedSize(of: frame.size)
        if expected?.size != size {
            expected = BGRABuffer(size: size)
            actual = BGRABuffer(size: size)
        }
        self.frame = frame
        self.matrix = matrix
        self.orientation = orientation
        reference.convert(frame, to: expected!.view, matrix: matrix, orientation: orientation)
    }

    /// Whether `converter` writes exactly libyuv's pixel bytes for the
    /// loaded frame, or refuses it. The candidate buffer is poisoned first,
    /// so a converter that skips a pixel cannot pass by luck.
    public func compare(_ converter: any FrameConverter) -> Outcome {
        guard let frame, let expected, let actual else { preconditionFailure("no frame loaded") }
        actual.view.base.update(repeating: 0xA5, count: actual.stride * actual.size.height)
        do throws(ConversionError) {
            try converter.convert(frame, to: actual.view, matrix: matrix, orientation: orientation)
        } catch {
            return .refused(error)
        }
        return Self.equal(expected.view, actual.view) ? .equal : .different
    }

    /// How far `converter`'s pixel bytes for the loaded frame lie from
    /// libyuv's (on a poisoned buffer, as `compare`).
    /// - Throws: what the converter threw.
    public func deviation(of converter: any FrameConverter) throws(ConversionError) -> Deviation {
        guard let frame, let expected, let actual else { preconditionFailure("no frame loaded") }
        actual.view.base.update(repeating: 0xA5, count: actual.stride * actual.size.height)
        try converter.convert(frame, to: actual.view, matrix: matrix, orientation: orientation)
        return Deviation(actual: actual.view, expected: expected.view)
    }

    /// The MD5 of libyuv's BGRA rows for the loaded frame (packed, as in
    /// the `.bgra.md5` golden lists).
    public func referenceDigest() -> String {
        guard let expected else { preconditionFailure("no frame loaded") }
        return FrameDigest.bgra(expected.view)
    }

    /// Whether the pixel bytes (not padding) of two same-sized images are equal.
    public static func equal(_ a: BGRAView, _ b: BGRAView) -> Bool {
        guard a.size == b.size else { return false }
        let rowBytes = a.width * 4
        for row in 0..<a.height where memcmp(a.row(row), b.row(row), rowBytes) != 0 {
            return false
        }
        return true
    }
}
