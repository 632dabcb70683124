#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The order statistics that bound a median with a given confidence,
/// without assuming any distribution (the sign-test interval).
public enum MedianInterval {
    /// The largest 1-based rank `k` (at least 1, at most `(count + 1) / 2`)
    /// such that `[x(k), x(count+1-k)]` covers the median with probability
    /// at least `confidence`, i.e. `2 × P(B ≤ k − 1) ≤ 1 − confidence` for
    /// `B ~ Binomial(count, ½)`; 1 when even the whole range falls short.
    /// - Precondition: `count > 0` and `confidence` in 0 ..< 1.
    public static func rank(count: Int, confidence: Double) -> Int {
        precondition(count > 0 && confidence >= 0 && confidence < 1, "bad interval request")
        let tail = (1 - confidence) / 2
        // k is valid while P(B ≤ k − 1) ≤ tail; walk the binomial CDF up in
        // log space (2^-n underflows for large n).
        var logPMF = -Double(count) * log(2.0)  // log P(B = 0)
        var cdf = exp(logPMF)  // P(B ≤ k − 1) for k = 1
        var k = 1
        while k < (count + 1) / 2 {
            logPMF += log(Double(count - k + 1)) - log(Double(k))  // log P(B = k)
            let next = cdf + exp(logPMF)  // P(B ≤ k): whether k + 1 is valid
            guard next <= tail else { break }
            cdf = next
            k += 1
        }
        return k
    }

    /// Whether `count` values can give an interval of their median with at
    /// least `confidence` at all: even the widest, from the smallest to the
    /// largest, misses with probability `2 / 2^count` (at 95 %, 6 values
    /// suffice and 5 do not).
    public static func reachesConfidence(count: Int, confidence: Double = 0.95) -> Bool {
        count > 0 && 2 * pow(0.5, Double(count)) <= 1 - confidence
    }
}
