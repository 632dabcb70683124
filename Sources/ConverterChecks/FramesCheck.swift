import Containers
import Converters
import Decoding
import Frames

/// Every frame of the vector files against the oracle: every selected
/// orientation with the first matrix, and upright (when selected) with
/// each other matrix.
enum FramesCheck {
    /// The matrix × orientation cases each frame is converted in.
    static func cases(_ options: CheckOptions) -> [(ColorMatrix, Orientation)] {
        guard let first = options.matrices.first else { return [] }
        let upright = options.orientations.contains(.upright) ? options.matrices.dropFirst() : []
        return options.orientations.map { (first, $0) } + upright.map { ($0, .upright) }
    }

    static func run(_ context: CheckContext) -> CheckFinding {
        guard !context.options.matrices.isEmpty else { return .skipped("no matrix selected") }
        guard !context.options.vectorFiles.isEmpty else { return .skipped("no vector files") }
        var unsupported = UnsupportedCases()
        var comparison = OutputComparison(tolerance: context.options.tolerance)
        var frames = 0
        var expected: [Orientation: BGRABuffer] = [:]
        var actual: [Orientation: BGRABuffer] = [:]
        for file in context.options.vectorFiles {
            let name = String(file.path.split(separator: "/").last ?? "")
            var index = 0
            do {
                _ = try StreamDecoder.decode(
                    path: file.path, track: file.track, decoder: context.options.decoder,
                    threads: context.options.decoderThreads, layout: context.options.layout
                ) { frame in
                    defer { index += 1 }
                    frames += 1
                    for (matrix, orientation) in cases(context.options)
                    where !unsupported.isRefused(matrix, orientation) {
                        let size = orientation.orientedSize(of: frame.image.size)
                        if expected[orientation]?.size != size {
                            expected[orientation] = BGRABuffer(size: size)
                            actual[orientation] = BGRABuffer(size: size)
                        }
                        let output = actual[orientation]!.view
                        let reference = expected[orientation]!.view
                        let label = "\(frame.image.size) \(orientation.name) \(matrix.name), \(name) frame \(index)"
                        let converted = try unsupported.attempt(label, matrix, orientation, in: context) {
                            () throws(ConversionError) in
                            try context.oracle?.convert(
                                frame.source, to: reference, matrix: matrix, orientation: orientation)
                            try context.converter.convert(
                                frame.source, to: output, matrix: matrix, orientation: orientation)
                        }
                        if converted && context.judges && !comparison.compare(output, reference, at: label) {
                            throw UnsupportedCases.CaseFailure(description: comparison.failure!)
                        }
                    }
                }
            } catch {
                return .fail(
                    (error.underlying as? UnsupportedCases.CaseFailure)?.description ?? "\(file.path): \(error)")
            }
        }
        let verdict = CheckFinding.finished(unsupported, comparison, context.options)
        guard verdict.status == .pass else { return verdict }
        return .pass("\(frames) frames of \(context.options.vectorFiles.count) files", verdict.detail)
    }
}
