import Converters
import Frames
import Statistics

/// Every width 1 ... 67 at heights 1, 2, 3, 4, 7, 16, 17 and 33, then one
/// large odd frame (1283×723), for every selected orientation and matrix:
/// source planes with padded strides (1 to 13 bytes, varying with the
/// width; the padding random, like the samples), destination rows with
/// canary bytes after them that must stay untouched, bytes equal to the
/// oracle's.
enum SizesCheck {
    /// The widths covered (past every vector width and tail of a 64-byte kernel).
    static let widths = 1...67
    /// The heights covered: the smallest, odd and even, past a 16-row tile.
    static let heights = [1, 2, 3, 4, 7, 16, 17, 33]
    /// A frame wider and taller than any tile or band, odd both ways.
    static let largeSize = FrameSize(width: 1283, height: 723)
    /// Canary bytes after each destination row.
    static let destinationPadding = 16
    /// The canary's value.
    static let canary: UInt8 = 0xA5

    /// The small sizes covered, widths first.
    static var sizes: [FrameSize] {
        heights.flatMap { height in widths.map { FrameSize(width: $0, height: height) } }
    }

    /// Extra bytes a source row at `size`: 1 ... 13, varying with the width
    /// so strides of every remainder are met; 29 for the large frame.
    static func sourcePadding(_ size: FrameSize) -> Int {
        size == largeSize ? 29 : 1 + size.width % 13
    }

    static func run(_ context: CheckContext) -> CheckFinding {
        var unsupported = UnsupportedCases()
        var comparison = OutputComparison(tolerance: context.options.tolerance)
        do {
            for size in sizes + [largeSize] {
                let seed = UInt64(size.width * 1000 + size.height)
                let planes = I420Buffer.random(size: size, padding: sourcePadding(size), seed: seed)
                let source = CheckSource(
                    planes, layout: context.options.layout, padding: sourcePadding(size), seed: seed)
                for orientation in context.options.orientations {
                    let oriented = orientation.orientedSize(of: size)
                    let expected = BGRABuffer(size: oriented)
                    let actual = BGRABuffer(size: oriented, padding: destinationPadding, fill: canary)
                    for matrix in context.options.matrices where !unsupported.isRefused(matrix, orientation) {
                        let label = "\(size) \(orientation.name) \(matrix.name)"
                        let converted = try unsupported.attempt(label, matrix, orientation, in: context) {
                            () throws(ConversionError) in
                            try context.oracle?.convert(
                                source.view, to: expected.view, matrix: matrix, orientation: orientation)
                            try context.converter.convert(
                                source.view, to: actual.view, matrix: matrix, orientation: orientation)
                        }
                        guard converted && context.judges else { continue }
                        if let write = paddingWrite(actual) {
                            return .fail("wrote into row padding at \(label): row \(write.row) byte \(write.byte)")
                        }
                        if !comparison.compare(actual.view, expected.view, at: label) {
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

    /// The first byte after a row's pixels that is no longer the canary.
    static func paddingWrite(_ buffer: BGRABuffer) -> (row: Int, byte: Int)? {
        let bytes = buffer.allBytes
        for row in 0..<buffer.size.height {
            for byte in (buffer.size.width * 4)..<buffer.stride where bytes[row * buffer.stride + byte] != canary {
                return (row, byte)
            }
        }
        return nil
    }
}
