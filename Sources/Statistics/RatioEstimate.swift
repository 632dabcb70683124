/// A ratio with its 95 % confidence interval: the median of per-round
/// paired ratios and the distribution-free interval of that median.
public struct RatioEstimate: Sendable, Equatable, Codable {
    /// The median of the paired ratios (nearest rank).
    public let median: Double
    /// The lower end of the 95 % interval of the median.
    public let lower: Double
    /// The upper end of the 95 % interval of the median.
    public let upper: Double
    /// Pairs the estimate rests on.
    public let count: Int
}

extension RatioEstimate {
    /// The estimate from per-round ratios `ratios` (any order); nil when empty.
    public init?(ratios: [Double]) {
        guard let distribution = Distribution(ratios) else { return nil }
        let interval = distribution.medianInterval()
        self.init(
            median: distribution.median, lower: interval.lowerBound, upper: interval.upperBound,
            count: distribution.count)
    }

    /// The median of `numerator[i] / denominator[i]` over the rounds both
    /// series have, with its interval: each pair was measured in the same
    /// round, moments apart, so drift of the machine (clock frequency, other
    /// load) cancels pair by pair. Nil when no pair has a positive denominator.
    public init?(paired numerator: [Double], over denominator: [Double]) {
        self.init(ratios: PairedRatios.of(numerator, over: denominator))
    }

    /// The same estimate with every figure multiplied by `factor`.
    public func scaled(by factor: Double) -> RatioEstimate {
        RatioEstimate(median: median * factor, lower: lower * factor, upper: upper * factor, count: count)
    }
}

/// Ratios of two series measured side by side, round by round.
public enum PairedRatios {
    /// `numerator[i] / denominator[i]` for every index both have and whose
    /// denominator is positive, in round order.
    public static func of(_ numerator: [Double], over denominator: [Double]) -> [Double] {
        zip(numerator, denominator).compactMap { $1 > 0 ? $0 / $1 : nil }
    }
}
