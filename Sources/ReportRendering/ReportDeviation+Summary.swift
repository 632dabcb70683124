import Foundation
import Reports

extension ReportDeviation {
    /// `max |Δ| M, D % of bytes differ, PSNR P dB`, or `exact` when no
    /// byte differs.
    var summary: String {
        guard differingBytes.map({ $0 != 0 }) ?? (differingShare != 0) else { return "exact" }
        let share = String(format: "%.3g", differingShare * 100)
        let decibels = psnr.map { String(format: "%.1f dB", $0) } ?? "∞"
        return "max |Δ| \(maximumDifference), \(share) % of bytes differ, PSNR \(decibels)"
    }

    /// The deviation over the bytes of every one of `deviations` together;
    /// the first alone when one lacks its byte counts (reports written
    /// before the counts were); nil for none.
    static func combined(_ deviations: [ReportDeviation]) -> ReportDeviation? {
        guard let first = deviations.first else { return nil }
        var (maximum, compared, differing, squares) = (0, 0, 0, UInt64(0))
        for deviation in deviations {
            guard let comparedBytes = deviation.comparedBytes, let differingBytes = deviation.differingBytes,
                let sumOfSquares = deviation.sumOfSquares
            else { return first }
            maximum = Swift.max(maximum, deviation.maximumDifference)
            compared += comparedBytes
            differing += differingBytes
            squares += sumOfSquares
        }
        let psnr = compared > 0 && squares > 0 ? 10 * log10(255 * 255 / (Double(squares) / Double(compared))) : nil
        return ReportDeviation(
            maximumDifference: maximum, differingShare: compared == 0 ? 0 : Double(differing) / Double(compared),
            psnr: psnr, comparedBytes: compared, differingBytes: differing, sumOfSquares: squares)
    }
}
