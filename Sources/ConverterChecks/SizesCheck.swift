import Converters
import Frames
import Statistics

/// Every width 1 ... 67 at heights 1, 2, 3, 16 and 17, for every selected
/// orientation and matrix: source planes with padded strides (the padding
/// random, like the samples), destination rows with canary bytes after
/// them that must stay untouched, bytes equal to the oracle's.
enum SizesCheck {
    /// The widths covered (past every vector width and tail of a 64-byte kernel).
    static let widths = 1...67
    /// The heights covered: the smallest, odd and even.
    static let heights = [1, 2, 3, 16, 17]
    /// Extra bytes a source row.
    static let sourcePadding = 13
    /// Canary bytes after each destination row.
    static let destinationPadding = 16
    /// The canary's value.
    static let canary: UInt8 = 0xA5

    /// The sizes covered, widths first.
    static var sizes: [FrameSize] {
        heights.flatMap { height in widths.map { FrameSize(width: $0, height: height) } }
    }

    static func run(_ context: CheckContext) -> CheckFinding {
        var unsupported = UnsupportedCases()
        var comparison = OutputComparison(tolerance: context.options.tolerance)
        for size in sizes {
            let source = I420Buffer.random(
                size: size, padding: sourcePadding, seed: UInt64(size.width * 1000 + size.height))
            for orientation in context.options.orientations {
                let oriented = orientation.orientedSize(of: size)
                let expected = BGRABuffer(size: oriented)
                let actual = BGRABuffer(size: oriented, padding: destinationPadding, fill: canary)
                for matrix in context.options.matrices where !unsupported.isRefused(matrix, orientation) {
                    let label = "\(size) \(orientation.name) \(matrix.name)"
                    context.beginCase(label)
                    do throws(ConversionError) {
                        try context.oracle.convert(
                            source.view, to: expected.view, matrix: matrix, orientation: orientation)
                        try context.converter.convert(
                            source.view, to: actual.view, matrix: matrix, orientation: orientation)
                    } catch .unsupported {
                        unsupported.refused(matrix, orientation)
                        continue
                    } catch {
                        return .fail("\(error) at \(label)")
                    }
                    unsupported.converted()
                    if let write = paddingWrite(actual) {
                        return .fail("wrote into row padding at \(label): row \(write.row) byte \(write.byte)")
                    }
                    if !comparison.compare(actual.view, expected.view, at: label) { return .fail(comparison.failure!) }
                }
            }
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
