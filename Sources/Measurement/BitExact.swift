import Conformance
import Converters
import Frames

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compares converters with libyuv, byte for byte, frame by frame.
///
/// Use: `load(frame, matrix:)` once per frame (converts it with libyuv),
/// then `matches(converter)` for each converter. Buffers are reallocated
/// only when the frame size changes.
public final class BitExactChecker {
    private let reference = LibYUVConverter()
    private var expected: BGRABuffer?
    private var actual: BGRABuffer?
    private var frame: I420View?
    private var matrix = ColorMatrix.bt601

    /// A checker with no frame loaded.
    public init() {}

    /// Makes `frame` the frame under test and computes libyuv's output for
    /// it with `matrix`. `frame` must stay valid until the next `load`.
    public func load(_ frame: I420View, matrix: ColorMatrix) {
        if expected?.size != frame.size {
            expected = BGRABuffer(size: frame.size)
            actual = BGRABuffer(size: frame.size)
        }
        self.frame = frame
        self.matrix = matrix
        reference.convert(frame, to: expected!.view, matrix: matrix, orientation: .upright)
    }

    /// Whether `converter` writes exactly libyuv's pixel bytes for the
    /// loaded frame. The candidate buffer is poisoned first, so a converter
    /// that skips a pixel cannot pass by luck.
    public func matches(_ converter: any FrameConverter) -> Bool {
        guard let frame, let expected, let actual else { preconditionFailure("no frame loaded") }
        actual.view.base.update(repeating: 0xA5, count: actual.stride * frame.height)
        guard (try? converter.convert(frame, to: actual.view, matrix: matrix)) != nil else { return false }
        return Self.equal(expected.view, actual.view)
    }

    /// How far `converter`'s pixel bytes for the loaded frame lie from
    /// libyuv's (on a poisoned buffer, as `matches`); nil when it throws.
    public func deviation(of converter: any FrameConverter) -> Deviation? {
        guard let frame, let expected, let actual else { preconditionFailure("no frame loaded") }
        actual.view.base.update(repeating: 0xA5, count: actual.stride * frame.height)
        guard (try? converter.convert(frame, to: actual.view, matrix: matrix)) != nil else { return nil }
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
