import Converters
import Frames
import Statistics

/// The sizes of `SizesCheck`, every selected orientation, the first
/// matrix: each plane ends right before a guard page, so a read past its
/// last meaningful byte faults (in a worker, `FaultReporter` names the
/// plane; in process, the process dies).
enum OverReadCheck {
    /// Stride padding of the guarded planes (the last row has none after it).
    static let padding = 3

    static func run(_ context: CheckContext) -> CheckFinding {
        guard let matrix = context.options.matrices.first else { return .skipped("no matrix selected") }
        var unsupported = UnsupportedCases()
        for size in SizesCheck.sizes {
            var rng = SplitMix64(seed: UInt64(size.pixelCount))
            let source = GuardedI420(size: size, padding: padding) { UInt8(truncatingIfNeeded: rng.next()) }
            for orientation in context.options.orientations where !unsupported.isRefused(matrix, orientation) {
                let output = BGRABuffer(size: orientation.orientedSize(of: size))
                context.beginCase("\(size) \(orientation.name)")
                context.guarding(source)
                defer { context.guarding(nil) }
                do throws(ConversionError) {
                    try context.converter.convert(
                        source.view, to: output.view, matrix: matrix, orientation: orientation)
                } catch .unsupported {
                    unsupported.refused(matrix, orientation)
                    continue
                } catch {
                    return .fail("\(error) at \(size) \(orientation.name)")
                }
                unsupported.converted()
            }
        }
        return .finished(unsupported, OutputComparison(tolerance: nil), context.options)
    }
}
