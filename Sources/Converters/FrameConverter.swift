import Frames

/// One way to convert an I420 frame into BGRA, bit-exact with libyuv's
/// `I420ToARGBMatrix`.
///
/// Every conformer promises, for any size from 1×1 up (odd sizes too) and
/// any strides:
/// - it writes exactly `width × 4` bytes a row of `destination` (B, G, R,
///   A = 255) and no byte of the row padding;
/// - it reads only the meaningful bytes of the three source planes;
/// - its bytes equal libyuv's for the same `matrix`.
///
/// Conformers are immutable values or thread-safe classes, so one instance
/// may convert different frames on several threads at once.
public protocol FrameConverter: Sendable {
    /// The stable short name used on the command line (`scalar`, `lut`, ...).
    var name: String { get }

    /// Converts `source` into `destination` with `matrix`.
    /// - Precondition: `source` and `destination` have the same size.
    func convert(_ source: I420View, to destination: BGRAView, matrix: ColorMatrix)

    /// The converter a parallel converter runs on the bands of `frame`:
    /// one that makes the choices `self` would make for the whole frame
    /// (the default, `self`, makes none).
    func converter(forBandsOf frame: BGRAView) -> any FrameConverter
}

extension FrameConverter {
    /// `self`: the converter makes no choice from the frame's size.
    public func converter(forBandsOf frame: BGRAView) -> any FrameConverter { self }

    /// Checks the sizes agree; conformers call this first.
    @inlinable
    func checkSizes(_ source: I420View, _ destination: BGRAView) {
        precondition(
            source.width == destination.width && source.height == destination.height,
            "source is \(source.size), destination is \(destination.size)")
    }
}
