import Foundation
import Frames

/// How far one BGRA image (or a run of them) lies from a reference, byte
/// by byte over the pixel bytes of every row (B, G, R and A; row padding is
/// not compared): the largest absolute difference, how many bytes differ,
/// and the peak signal-to-noise ratio. Accumulates over frames with `add`.
public struct Deviation: Sendable, Equatable {
    /// The largest `|actual − expected|` of any byte, 0 ... 255.
    public private(set) var maximum: Int
    /// Bytes that differ at all.
    public private(set) var differingBytes: Int
    /// Bytes compared.
    public private(set) var comparedBytes: Int
    /// Σ (actual − expected)², for the PSNR.
    public private(set) var sumOfSquares: UInt64

    /// No bytes compared yet.
    public init() {
        (maximum, differingBytes, comparedBytes, sumOfSquares) = (0, 0, 0, 0)
    }

    /// The deviation of `actual` from `expected`.
    /// - Precondition: both have the same size.
    public init(actual: BGRAView, expected: BGRAView) {
        precondition(actual.size == expected.size, "images of different sizes")
        self.init()
        let rowBytes = actual.width * 4
        for row in 0..<actual.height {
            let a = actual.row(row)
            let e = expected.row(row)
            if memcmp(a, e, rowBytes) == 0 {
                comparedBytes += rowBytes
                continue
            }
            for i in 0..<rowBytes {
                let difference = abs(Int(a[i]) - Int(e[i]))
                if difference != 0 {
                    differingBytes += 1
                    maximum = max(maximum, difference)
                    sumOfSquares += UInt64(difference * difference)
                }
            }
            comparedBytes += rowBytes
        }
    }

    /// Adds the bytes `other` compared to this deviation.
    public mutating func add(_ other: Deviation) {
        maximum = max(maximum, other.maximum)
        differingBytes += other.differingBytes
        comparedBytes += other.comparedBytes
        sumOfSquares += other.sumOfSquares
    }

    /// Whether every byte was equal.
    public var isExact: Bool { differingBytes == 0 }

    /// Whether no byte is more than `tolerance` levels away.
    public func isWithin(_ tolerance: Int) -> Bool { maximum <= tolerance }

    /// The share of compared bytes that differ, 0 ... 1 (0 when nothing was compared).
    public var differingShare: Double {
        comparedBytes == 0 ? 0 : Double(differingBytes) / Double(comparedBytes)
    }

    /// `10 log10(255² / mean squared error)` in dB; nil when the images are
    /// identical (the ratio is infinite) or nothing was compared.
    public var psnr: Double? {
        guard comparedBytes > 0, sumOfSquares > 0 else { return nil }
        let meanSquare = Double(sumOfSquares) / Double(comparedBytes)
        return 10 * log10(255 * 255 / meanSquare)
    }

    /// `max |Δ| M, D % of bytes differ, PSNR P dB` (or `exact`).
    public var summary: String {
        guard !isExact else { return "exact" }
        let share = String(format: "%.3g", differingShare * 100)
        let decibels = psnr.map { String(format: "%.1f dB", $0) } ?? "∞"
        return "max |Δ| \(maximum), \(share) % of bytes differ, PSNR \(decibels)"
    }
}
