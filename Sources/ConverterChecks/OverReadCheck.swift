import Converters
import Frames
import Statistics

/// The small sizes of `SizesCheck` and three wider ones, every selected
/// orientation, the first matrix, with source strides of no padding and of
/// 3 bytes: each source plane ends right before a guard page, and so does
/// the destination (rows without padding), so a read past a plane's last
/// meaningful byte or a write past the destination's last byte faults (in
/// a worker, `FaultReporter` names the plane or the destination; in
/// process, the process dies). The bytes must equal the oracle's.
enum OverReadCheck {
    /// Stride paddings of the guarded planes (the last row has none after it).
    static let paddings = [0, 3]
    /// Sizes past the small ones: a ragged 64-byte tail, and QCIF's odd and even forms.
    static let widerSizes = [
        FrameSize(width: 127, height: 11), FrameSize(width: 175, height: 143), FrameSize(width: 176, height: 144),
    ]

    static func run(_ context: CheckContext) -> CheckFinding {
        guard let matrix = context.options.matrices.first else { return .skipped("no matrix selected") }
        var unsupported = UnsupportedCases()
        var comparison = OutputComparison(tolerance: context.options.tolerance)
        do {
            for size in SizesCheck.sizes + widerSizes {
                for padding in paddings {
                    let source = GuardedSource.random(
                        size: size, layout: context.options.layout, padding: padding,
                        seed: UInt64(size.pixelCount + padding))
                    for orientation in context.options.orientations where !unsupported.isRefused(matrix, orientation) {
                        let oriented = orientation.orientedSize(of: size)
                        let destination = GuardedBGRA(size: oriented)
                        let output = destination.view
                        let expected = BGRABuffer(size: oriented)
                        let label = "\(size) \(orientation.name)" + (padding == 0 ? "" : " padding \(padding)")
                        context.guarding(source, destination.bytes)
                        defer { context.guarding(nil, nil) }
                        let converted = try unsupported.attempt(label, matrix, orientation, in: context) {
                            () throws(ConversionError) in
                            try context.converter.convert(
                                source.view, to: output, matrix: matrix, orientation: orientation)
                            try context.oracle?.convert(
                                source.view, to: expected.view, matrix: matrix, orientation: orientation)
                        }
                        if converted && context.judges && !comparison.compare(output, expected.view, at: label) {
                            return .fail(comparison.failure!)
                        }
                    }
                }
            }
        } catch {
            return .fail(error.description)
        }
        return .finished(unsupported, comparison, context.options)
    }
}
