import Statistics

/// Whether a new run of an entry is faster, slower or the same as the base
/// run, allowing a relative threshold.
public enum Verdict: String, Sendable, Equatable, CaseIterable {
    /// The whole 95 % interval of new/base is below `1 / (1 + threshold)`.
    case faster
    /// The whole 95 % interval of new/base is above `1 + threshold`.
    case slower
    /// Neither: the interval reaches into the threshold's band around 1.
    case same

    /// The verdict on `ratio` (new/base with its interval): `slower` when
    /// `ratio.lower > 1 + threshold`, `faster` when `ratio.upper < 1 / (1 +
    /// threshold)`, else `same`. An interval ending exactly on a bound is `same`.
    /// - Precondition: `threshold >= 0`.
    public init(_ ratio: RatioEstimate, threshold: Double) {
        precondition(threshold >= 0, "negative threshold")
        if ratio.lower > 1 + threshold {
            self = .slower
        } else if ratio.upper < 1 / (1 + threshold) {
            self = .faster
        } else {
            self = .same
        }
    }
}
