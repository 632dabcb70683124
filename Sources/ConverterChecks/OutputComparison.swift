import Conformance
import Frames

/// Compares a converter's images with the oracle's, exactly or within a
/// tolerance, and remembers the first failure and the total deviation.
struct OutputComparison {
    /// nil: exact; N: at most N levels.
    let tolerance: Int?
    /// Every byte compared so far.
    private(set) var deviation = Deviation()
    /// The first failing comparison's description.
    private(set) var failure: String?

    init(tolerance: Int?) { self.tolerance = tolerance }

    /// Compares `actual` with `expected`; false (and `failure` set) when
    /// they differ more than allowed. `label` names the case.
    mutating func compare(_ actual: BGRAView, _ expected: BGRAView, at label: String) -> Bool {
        let difference = Deviation(actual: actual, expected: expected)
        deviation.add(difference)
        if let tolerance {
            guard !difference.isWithin(tolerance) else { return true }
            failure = "more than \(tolerance) away at \(label): \(difference.summary)"
            return false
        }
        guard !difference.isExact else { return true }
        failure = "at \(label) " + Self.firstDifference(actual, expected)
        return false
    }

    /// `(x, y) G: got A, want E` for the first differing byte.
    static func firstDifference(_ actual: BGRAView, _ expected: BGRAView) -> String {
        for row in 0..<actual.height {
            let a = actual.row(row)
            let e = expected.row(row)
            for i in 0..<(actual.width * 4) where a[i] != e[i] {
                return "pixel (\(i / 4), \(row)) \(channelName(i % 4)): got \(a[i]), want \(e[i])"
            }
        }
        return "no difference"
    }

    /// `B`, `G`, `R` or `A` for byte `index` of a pixel.
    static func channelName(_ index: Int) -> String { ["B", "G", "R", "A"][index] }

    /// The outcome of a check that compared without failing: the
    /// deviation in tolerance mode (`within ±N: ...`), else empty.
    var passNote: String {
        guard let tolerance else { return "" }
        return "within ±\(tolerance): \(deviation.summary)"
    }
}
