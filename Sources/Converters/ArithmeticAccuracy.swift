import Foundation
import Frames

/// How far libyuv's 6-bit fixed-point arithmetic (which every converter
/// reproduces exactly) lies from the ideal floating-point matrix, over all
/// 256³ inputs. An informative figure, not a conformance criterion.
public struct ArithmeticAccuracy: Sendable {
    /// The matrix measured.
    public let matrix: ColorMatrix
    /// Largest absolute error per channel, in 8-bit levels: `(b, g, r)`.
    public let maximum: (b: Double, g: Double, r: Double)
    /// Mean absolute error per channel, in 8-bit levels: `(b, g, r)`.
    public let mean: (b: Double, g: Double, r: Double)

    /// Compares the fixed-point result of every `(y, u, v)` with the ideal
    /// matrix's value clamped to 0 … 255 (the fixed-point output is an
    /// integer, so a perfect converter would still show up to 0.5 levels).
    /// Takes about a second per matrix in an optimised build.
    public init(measuring matrix: ColorMatrix) {
        self.matrix = matrix
        let k = matrix.coefficients
        var maxB = 0.0
        var maxG = 0.0
        var maxR = 0.0
        var sumB = 0.0
        var sumG = 0.0
        var sumR = 0.0
        for u in 0...255 {
            for v in 0...255 {
                for y in 0...255 {
                    let fixed = ScalarConverter.bgr(y: UInt8(y), u: UInt8(u), v: UInt8(v), k)
                    let ideal = matrix.idealBGR(y: UInt8(y), u: UInt8(u), v: UInt8(v))
                    let eb = abs(Double(fixed.b) - Self.clamp(ideal.b))
                    let eg = abs(Double(fixed.g) - Self.clamp(ideal.g))
                    let er = abs(Double(fixed.r) - Self.clamp(ideal.r))
                    maxB = max(maxB, eb)
                    maxG = max(maxG, eg)
                    maxR = max(maxR, er)
                    sumB += eb
                    sumG += eg
                    sumR += er
                }
            }
        }
        let count = 256.0 * 256 * 256
        maximum = (maxB, maxG, maxR)
        mean = (sumB / count, sumG / count, sumR / count)
    }

    /// One line, e.g. `bt601: max |error| B 4.12 G 1.07 R 0.96, mean B 0.91 G 0.27 R 0.26 (levels)`.
    public var summary: String {
        func f(_ x: Double) -> String { String(format: "%.2f", x) }
        return "\(matrix.name): max |error| B \(f(maximum.b)) G \(f(maximum.g)) R \(f(maximum.r)), "
            + "mean B \(f(mean.b)) G \(f(mean.g)) R \(f(mean.r)) (8-bit levels vs the ideal matrix)"
    }

    private static func clamp(_ x: Double) -> Double { min(max(x, 0), 255) }
}
