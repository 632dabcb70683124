/// A presentation time or duration as a rational number of seconds, like
/// CoreMedia's `CMTime`: `value / timescale`.
///
/// Comparison is exact across timescales (cross-multiplication in 128
/// bits). Arithmetic across timescales works as `CMTimeAdd` does: in the
/// least common multiple of the two timescales when it fits in `Int32`,
/// otherwise in the larger timescale, rounding the other operand to the
/// nearest tick (half away from zero).
public struct PresentationTime: Sendable, Comparable, CustomStringConvertible {
    /// Number of ticks.
    public let value: Int64
    /// Ticks per second. Always positive.
    public let timescale: Int32

    /// `value` ticks of `1 / timescale` seconds.
    /// - Precondition: `timescale > 0`.
    public init(value: Int64, timescale: Int32) {
        precondition(timescale > 0, "timescale must be positive")
        self.value = value
        self.timescale = timescale
    }

    /// `seconds` rounded to the nearest tick of `preferredTimescale`:
    /// `CMTimeMakeWithSeconds(seconds, preferredTimescale:)`.
    public init(seconds: Double, preferredTimescale: Int32) {
        self.init(value: Int64((seconds * Double(preferredTimescale)).rounded()), timescale: preferredTimescale)
    }

    /// Zero seconds at timescale 1.
    public static let zero = PresentationTime(value: 0, timescale: 1)

    /// The time in seconds, rounded to a `Double` (for display only).
    public var seconds: Double { Double(value) / Double(timescale) }

    /// `"value/timescale"`.
    public var description: String { "\(value)/\(timescale)" }

    /// This time in `timescale`, rounded to the nearest tick (half away
    /// from zero): `CMTimeConvertScale` with default rounding.
    public func converted(toTimescale timescale: Int32) -> PresentationTime {
        if timescale == self.timescale { return self }
        let product = value.multipliedFullWidth(by: Int64(timescale))
        let wide = Int128Parts.divideRounded(product, by: Int64(self.timescale))
        return PresentationTime(value: wide, timescale: timescale)
    }

    /// The sum, in a common timescale (see the type's discussion).
    public static func + (a: PresentationTime, b: PresentationTime) -> PresentationTime {
        let scale = commonTimescale(a.timescale, b.timescale)
        return PresentationTime(
            value: a.converted(toTimescale: scale).value &+ b.converted(toTimescale: scale).value,
            timescale: scale)
    }

    /// The difference, in a common timescale (see the type's discussion).
    public static func - (a: PresentationTime, b: PresentationTime) -> PresentationTime {
        let scale = commonTimescale(a.timescale, b.timescale)
        return PresentationTime(
            value: a.converted(toTimescale: scale).value &- b.converted(toTimescale: scale).value,
            timescale: scale)
    }

    /// Exact comparison across timescales.
    public static func < (a: PresentationTime, b: PresentationTime) -> Bool { compare(a, b) < 0 }

    /// Exact equality of the instants, whatever their timescales.
    public static func == (a: PresentationTime, b: PresentationTime) -> Bool { compare(a, b) == 0 }

    /// The least common multiple of `a` and `b` when it fits in `Int32`, else the larger.
    static func commonTimescale(_ a: Int32, _ b: Int32) -> Int32 {
        if a == b { return a }
        var x = Int64(a)
        var y = Int64(b)
        while y != 0 { (x, y) = (y, x % y) }
        let lcm = Int64(a) / x * Int64(b)
        return lcm <= Int64(Int32.max) ? Int32(lcm) : max(a, b)
    }

    /// -1, 0 or 1 as `a` is before, at or after `b`.
    private static func compare(_ a: PresentationTime, _ b: PresentationTime) -> Int {
        if a.timescale == b.timescale { return a.value < b.value ? -1 : (a.value == b.value ? 0 : 1) }
        let left = a.value.multipliedFullWidth(by: Int64(b.timescale))
        let right = b.value.multipliedFullWidth(by: Int64(a.timescale))
        return left < right ? -1 : (left == right ? 0 : 1)
    }
}

/// Helpers for 128-bit products held as `(high, low)` pairs.
enum Int128Parts {
    /// `product / divisor` rounded half away from zero; traps when the
    /// quotient does not fit in `Int64`. `divisor` is positive.
    static func divideRounded(_ product: (high: Int64, low: UInt64), by divisor: Int64) -> Int64 {
        let negative = product.high < 0
        // Magnitude of the 128-bit two's-complement value.
        var high = UInt64(bitPattern: product.high)
        var low = product.low
        if negative {
            low = ~low &+ 1
            high = ~high &+ (low == 0 ? 1 : 0)
        }
        let d = UInt64(divisor)
        let (quotient, remainder) = d.dividingFullWidth((high: high, low: low))
        let rounded = remainder >= d - remainder ? quotient + 1 : quotient
        precondition(rounded <= UInt64(Int64.max), "presentation time overflows")
        return negative ? -Int64(rounded) : Int64(rounded)
    }
}
