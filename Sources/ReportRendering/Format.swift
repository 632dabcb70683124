import Foundation
import Reports

/// Number formatting for tables and pages, shared by every renderer so
/// that the same figure reads the same everywhere.
public enum Format {
    /// `value` with `digits` decimals (`-` for nil or non-finite).
    public static func fixed(_ value: Double?, _ digits: Int) -> String {
        guard let value, value.isFinite else { return "-" }
        return String(format: "%.\(digits)f", value)
    }

    /// A nanosecond duration in microseconds with 3 significant-ish digits.
    static func micros(_ nanoseconds: Double?) -> String {
        microseconds(nanoseconds.map { $0 / 1000 })
    }

    /// A duration in microseconds with 3 significant-ish digits (`-` for nil).
    static func microseconds(_ us: Double?) -> String {
        guard let us else { return "-" }
        return fixed(us, us < 10 ? 2 : (us < 100 ? 1 : 0))
    }

    /// A ratio with two decimals (`-` for nil or non-finite), for tables.
    public static func ratio(_ value: Double?) -> String {
        value.map { fixed($0, 2) } ?? "-"
    }

    /// A count, or `-` for nil.
    static func count(_ value: Int?) -> String {
        value.map { "\($0)" } ?? "-"
    }
}

extension Format {
    /// A ratio estimate's median with two decimals (`-` for nil).
    static func ratio(_ estimate: EntryRatio?) -> String { ratio(estimate?.median) }

    /// A ratio estimate as `median [lower,upper]` (its 95 % interval), two
    /// decimals each (`-` for nil).
    static func estimate(_ estimate: EntryRatio?) -> String {
        guard let estimate else { return "-" }
        return "\(fixed(estimate.median, 2)) [\(fixed(estimate.lower, 2)),\(fixed(estimate.upper, 2))]"
    }

    /// How a paced run idles, for report headers (`"16.7 ms idle before
    /// each synthetic conversion"`), from its idle gap in milliseconds; nil
    /// when it ran back to back.
    static func pacing(idleGapMilliseconds: Double?) -> String? {
        guard let idleGapMilliseconds, idleGapMilliseconds > 0 else { return nil }
        return "\(fixed(idleGapMilliseconds, 1)) ms idle before each synthetic conversion"
    }
}
