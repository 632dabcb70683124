/// One way to convert a source frame (I420 or NV12) into an oriented BGRA
/// frame, bit-exact with libyuv's passes (`I420Rotate`, `I420Mirror`,
/// `I420ToARGBMatrix`; docs/orientation.md). An NV12 frame converts exactly
/// as its I420 twin, its chroma pairs split into two planes (docs/layouts.md).
///
/// Every conformer promises, for any size from 1×1 up (odd sizes too), any
/// strides and every orientation it does not refuse:
/// - it writes exactly `width × 4` bytes a row of `destination` (B, G, R,
///   A = 255) and no byte of the row padding;
/// - it reads only the meaningful bytes of the source planes;
/// - its bytes equal libyuv's for the same `matrix` and `orientation`.
///
/// Conformers are immutable values or thread-safe classes, so one instance
/// may convert different frames on several threads at once (plug-ins
/// without `FRAMEBENCH_THREAD_SAFE` say otherwise in `isThreadSafe`).
public protocol FrameConverter: Sendable {
    /// The stable short name used on the command line (`scalar`, `lut`, ...).
    var name: String { get }

    /// Whether `convert` may run on several threads at once.
    var isThreadSafe: Bool { get }

    /// The source layouts `convert` takes; it refuses the others as
    /// `ConversionError.unsupported`.
    var layouts: [ChromaLayout] { get }

    /// Converts `source` into `destination` with `matrix`, laid out as
    /// `orientation` says.
    /// - Precondition: `destination.size == orientation.orientedSize(of: source.size)`.
    /// - Throws: `ConversionError.unsupported` when this converter does not
    ///   offer `source`'s layout, `matrix` or `orientation` (then
    ///   `destination` is unspecified), `.failed` when it reported an error.
    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError)

    /// The converter a parallel converter runs on the bands of `frame`
    /// converted into `orientation`: one that makes the choices `self`
    /// would make for the whole frame (the default, `self`, makes none).
    func converter(forBandsOf frame: BGRAView, orientation: Orientation) -> any FrameConverter
}

extension FrameConverter {
    /// `true`: built-in converters hold no mutable state, or only state
    /// behind a lock (`SIMDConverter`'s store kind trials).
    public var isThreadSafe: Bool { true }

    /// I420 only: what a converter that says nothing of layouts takes.
    public var layouts: [ChromaLayout] { [.i420] }

    /// `self`: the converter makes no choice from the frame's size.
    public func converter(forBandsOf frame: BGRAView, orientation: Orientation) -> any FrameConverter { self }

    /// Converts `source` into an upright `destination` of the same size.
    public func convert(_ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix) throws(ConversionError) {
        try convert(source, to: destination, matrix: matrix, orientation: .upright)
    }

    /// Converts the I420 frame `source`, as `convert(.i420(source), ...)`.
    public func convert(
        _ source: I420View, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation = .upright
    ) throws(ConversionError) {
        try convert(.i420(source), to: destination, matrix: matrix, orientation: orientation)
    }

    /// Stops the program when `destination` is not `source`'s size turned
    /// by `orientation`: a caller's bug, not a converter's refusal.
    /// Conformers call this first, unless they hand the frame unchanged to
    /// another converter's `convert`, which checks it (`ParallelConverter`
    /// below its crossover).
    @inlinable
    public func checkSizes(_ source: SourceFrame, _ destination: BGRAView, _ orientation: Orientation) {
        precondition(
            destination.size == orientation.orientedSize(of: source.size),
            "source is \(source.size), destination is \(destination.size), orientation \(orientation)")
    }
}

/// Why a converter did not convert a frame.
public enum ConversionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The converter does not offer this matrix or orientation: a case to
    /// skip, not a failure (the ABI's `FRAMEBENCH_UNSUPPORTED`).
    case unsupported
    /// The converter returned this non-zero status: a failure.
    case failed(status: Int32)

    /// `unsupported` or `failed (status N)`.
    public var description: String {
        switch self {
        case .unsupported: "unsupported"
        case .failed(let status): "failed (status \(status))"
        }
    }
}
