import Converters
import Foundation
import Frames

/// Every `(y, u, v)` triple of every selected matrix, upright, against
/// the oracle: 256 frames of `ExhaustiveFrames` per matrix.
enum ExhaustiveCheck {
    static func run(_ context: CheckContext) -> CheckFinding {
        let size = ExhaustiveFrames.size
        let source = I420Buffer(size: size)
        let expected = BGRABuffer(size: size)
        let actual = BGRABuffer(size: size)
        var unsupported = UnsupportedCases()
        var comparison = OutputComparison(tolerance: context.options.tolerance)
        do {
            for matrix in context.options.matrices {
                var wrongTriples = 0
                var first: String?
                for u in 0...255 {
                    ExhaustiveFrames.fill(source, u: UInt8(u))
                    let twin = CheckSource(source, layout: context.options.layout, padding: 0, seed: UInt64(u))
                    let frame = twin.view
                    let label = "\(size) upright \(matrix.name) u=\(u)"
                    let converted = try unsupported.attempt(label, matrix, .upright, in: context) {
                        () throws(ConversionError) in
                        try context.oracle?.convert(frame, to: expected.view, matrix: matrix)
                        try context.converter.convert(frame, to: actual.view, matrix: matrix)
                        withExtendedLifetime(twin) {}
                    }
                    guard converted else { break }
                    guard context.judges else { continue }
                    if context.options.tolerance != nil {
                        if !comparison.compare(actual.view, expected.view, at: "u=\(u) \(matrix.name)") {
                            return .fail(comparison.failure!)
                        }
                        continue
                    }
                    wrongTriples += countWrong(actual.view, expected.view, u: u, matrix: matrix, first: &first)
                }
                if let first {
                    return .fail("\(first); \(wrongTriples) of 16777216 triples wrong")
                }
            }
        } catch {
            return .fail(error.description)
        }
        return .finished(unsupported, comparison, context.options)
    }

    /// Pixels (one triple each) that differ; `first` gets
    /// `(y, u, v) matrix channel: got G, want W` for the first one.
    static func countWrong(_ actual: BGRAView, _ expected: BGRAView, u: Int, matrix: ColorMatrix, first: inout String?)
        -> Int
    {
        var wrong = 0
        for row in 0..<actual.height {
            let a = actual.row(row)
            let e = expected.row(row)
            if memcmp(a, e, actual.width * 4) == 0 { continue }
            for x in 0..<actual.width {
                guard let channel = (0..<4).first(where: { a[4 * x + $0] != e[4 * x + $0] }) else { continue }
                wrong += 1
                if first == nil {
                    let y = ExhaustiveFrames.luma(x: x, row: row)
                    let v = ExhaustiveFrames.v(x: x, row: row)
                    first =
                        "(\(y), \(u), \(v)) \(matrix.name) \(OutputComparison.channelName(channel)): got \(a[4 * x + channel]), want \(e[4 * x + channel])"
                }
            }
        }
        return wrong
    }
}
