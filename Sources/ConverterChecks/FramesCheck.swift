import Converters
import Frames
import VPX

/// Every frame of the vector files, every selected orientation, the first
/// matrix, against the oracle.
enum FramesCheck {
    static func run(_ context: CheckContext) -> CheckFinding {
        guard let matrix = context.options.matrices.first else { return .skipped("no matrix selected") }
        guard !context.options.vectorFiles.isEmpty else { return .skipped("no vector files") }
        var unsupported = UnsupportedCases()
        var comparison = OutputComparison(tolerance: context.options.tolerance)
        var frames = 0
        var failure: String?
        var expected: [Orientation: BGRABuffer] = [:]
        var actual: [Orientation: BGRABuffer] = [:]
        for file in context.options.vectorFiles {
            let name = String(file.split(separator: "/").last ?? "")
            var index = 0
            do {
                _ = try StreamDecoder.decode(path: file) { frame in
                    defer { index += 1 }
                    frames += 1
                    for orientation in context.options.orientations where !unsupported.isRefused(matrix, orientation) {
                        let size = orientation.orientedSize(of: frame.image.size)
                        if expected[orientation]?.size != size {
                            expected[orientation] = BGRABuffer(size: size)
                            actual[orientation] = BGRABuffer(size: size)
                        }
                        let label = "\(frame.image.size) \(orientation.name) \(matrix.name), \(name) frame \(index)"
                        context.beginCase(label)
                        do throws(ConversionError) {
                            try context.oracle.convert(
                                frame.image, to: expected[orientation]!.view, matrix: matrix, orientation: orientation)
                            try context.converter.convert(
                                frame.image, to: actual[orientation]!.view, matrix: matrix, orientation: orientation)
                        } catch .unsupported {
                            unsupported.refused(matrix, orientation)
                            continue
                        } catch {
                            throw FrameFailure(description: "\(error) at \(label)")
                        }
                        unsupported.converted()
                        if !comparison.compare(actual[orientation]!.view, expected[orientation]!.view, at: label) {
                            throw FrameFailure(description: comparison.failure!)
                        }
                    }
                }
            } catch {
                failure = (error.underlying as? FrameFailure)?.description ?? "\(file): \(error)"
            }
            if let failure { return .fail(failure) }
        }
        let verdict = CheckFinding.finished(unsupported, comparison, context.options)
        guard verdict.status == .pass else { return verdict }
        return .pass("\(frames) frames of \(context.options.vectorFiles.count) files", verdict.detail)
    }

    /// Stops decoding at the first failing frame.
    struct FrameFailure: Error, CustomStringConvertible {
        let description: String
    }
}
