/// A count of ticks of a timebase: what `MediaTime` and `MediaDuration` share.
public protocol TickCount: CustomStringConvertible {
    /// Number of ticks.
    var value: Int64 { get }
    /// The length of one tick.
    var timebase: Timebase { get }
}

extension TickCount {
    /// The ticks in seconds, rounded to a `Double` (for display only).
    public var seconds: Double {
        Double(value) * Double(timebase.numerator) / Double(timebase.denominator)
    }

    /// `"value@num/den"`.
    public var description: String { "\(value)@\(timebase)" }
}
