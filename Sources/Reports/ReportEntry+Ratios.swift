import Statistics

extension ReportEntry {
    /// A ratio estimate as an entry holds it: its median and its `[lower,
    /// upper]` interval, each 0 when not finite; `(nil, nil)` for none.
    public static func figures(_ estimate: RatioEstimate?) -> (Double?, [Double]?) {
        guard let estimate else { return (nil, nil) }
        return (finite(estimate.median), [finite(estimate.lower), finite(estimate.upper)])
    }

    /// `value`, or 0 when it is not finite (JSON has no NaN or infinity).
    public static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

    /// Whether the entry is a memory floor's (`floor`, `floor:Nthreads`).
    public var isFloor: Bool {
        guard let converter else { return false }
        return converter == EntryCell.floorConverter || converter.hasPrefix(EntryCell.floorConverter + ":")
    }
}
