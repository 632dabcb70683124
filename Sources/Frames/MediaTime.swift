/// The length of one tick of a media clock, as a rational number of
/// seconds: `numerator / denominator` (IVF's `scale / rate`).
public struct Timebase: Hashable, Sendable, CustomStringConvertible {
    /// Seconds per tick, numerator (IVF "scale"). Never 0.
    public let numerator: UInt32
    /// Seconds per tick, denominator (IVF "rate"). Never 0.
    public let denominator: UInt32

    /// A timebase of `numerator / denominator` seconds per tick; nil if
    /// either is 0.
    public init?(numerator: UInt32, denominator: UInt32) {
        guard numerator != 0, denominator != 0 else { return nil }
        self.numerator = numerator
        self.denominator = denominator
    }

    /// `"num/den"`.
    public var description: String { "\(numerator)/\(denominator)" }
}

/// A point on a media timeline, like CoreMedia's `CMTime`: an integer
/// number of ticks of a rational timebase, so no precision is lost.
///
/// Times in different timebases compare exactly (cross-multiplication in
/// 128 bits), so ordering checks never round. Not `Hashable`: equal
/// instants in different timebases would need a reduced fraction to hash
/// alike, and nothing needs it.
public struct MediaTime: Sendable, Comparable, TickCount {
    /// Number of ticks since the stream's origin.
    public let value: Int64
    /// The length of one tick.
    public let timebase: Timebase

    /// `value` ticks of `timebase`.
    public init(value: Int64, timebase: Timebase) {
        self.value = value
        self.timebase = timebase
    }

    /// Exact comparison across timebases.
    public static func < (a: MediaTime, b: MediaTime) -> Bool {
        compare(a, b) < 0
    }

    /// Exact equality of the instants, whatever their timebases.
    public static func == (a: MediaTime, b: MediaTime) -> Bool {
        compare(a, b) == 0
    }

    /// -1, 0 or 1 as `a` is before, at or after `b`.
    private static func compare(_ a: MediaTime, _ b: MediaTime) -> Int {
        if a.timebase == b.timebase { return a.value < b.value ? -1 : (a.value == b.value ? 0 : 1) }
        // a.value * an / ad  vs  b.value * bn / bd  ⇔  a.value * an * bd  vs  b.value * bn * ad
        let left = wide(a.value, Int64(a.timebase.numerator) * Int64(b.timebase.denominator))
        let right = wide(b.value, Int64(b.timebase.numerator) * Int64(a.timebase.denominator))
        return left < right ? -1 : (left == right ? 0 : 1)
    }

    private static func wide(_ x: Int64, _ y: Int64) -> (high: Int64, low: UInt64) {
        x.multipliedFullWidth(by: y)
    }
}

/// A span of media time in the same rational form as `MediaTime`.
public struct MediaDuration: Hashable, Sendable, TickCount {
    /// Number of ticks (may be 0; negative only for malformed streams).
    public let value: Int64
    /// The length of one tick.
    public let timebase: Timebase

    /// `value` ticks of `timebase`.
    public init(value: Int64, timebase: Timebase) {
        self.value = value
        self.timebase = timebase
    }

}
