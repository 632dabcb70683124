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

    /// Whether the entry is a converter's whose median paired ratio to its
    /// floor is below `tolerance` (a sign that the floor is wrong, or that
    /// the converter did not write its output).
    public func isBelowFloor(tolerance: Double) -> Bool { !isFloor && (ratioToFloor ?? 1) < tolerance }

    /// Whether the entry is a memory floor's (`floor`, `floor:Nthreads`).
    public var isFloor: Bool {
        guard let converter else { return false }
        return converter == EntryCell.floorConverter || converter.hasPrefix(EntryCell.floorConverter + ":")
    }

    /// Wall time ÷ libyuv's.
    public var libyuvRatio: EntryRatio? { EntryRatio(ratioToLibyuv, ratioToLibyuvInterval) }
    /// Process CPU time ÷ libyuv's.
    public var cpuLibyuvRatio: EntryRatio? { EntryRatio(cpuRatioToLibyuv, cpuRatioToLibyuvInterval) }
    /// Wall time ÷ the best peer's.
    public var bestPeerRatio: EntryRatio? { EntryRatio(ratioToBestPeer, ratioToBestPeerInterval) }
    /// Wall time ÷ the floor's.
    public var floorRatio: EntryRatio? { EntryRatio(ratioToFloor, ratioToFloorInterval) }
    /// Wall time ÷ the scalar converter's.
    public var scalarRatio: EntryRatio? { EntryRatio(ratioToScalar, ratioToScalarInterval) }
    /// Oriented time ÷ upright time.
    public var uprightRatio: EntryRatio? { EntryRatio(ratioToUpright, ratioToUprightInterval) }
    /// Time in this layout ÷ time in I420.
    public var i420Ratio: EntryRatio? { EntryRatio(ratioToI420, ratioToI420Interval) }
    /// Serial pass time ÷ pipelined pass time.
    public var speedUp: EntryRatio? { EntryRatio(speedUpOverSerial, speedUpOverSerialInterval) }
}
