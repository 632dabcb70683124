import Reports

extension ReportEntry {
    /// Whether the entry is a memory floor's (`floor`, `floor:Nthreads`).
    var isFloor: Bool {
        guard let converter else { return false }
        return converter == EntryCell.floorConverter || converter.hasPrefix(EntryCell.floorConverter + ":")
    }

    /// Wall time ÷ libyuv's.
    var libyuvRatio: Estimate? { Estimate(ratioToLibyuv, ratioToLibyuvInterval) }
    /// Process CPU time ÷ libyuv's.
    var cpuLibyuvRatio: Estimate? { Estimate(cpuRatioToLibyuv, cpuRatioToLibyuvInterval) }
    /// Wall time ÷ the best peer's.
    var bestPeerRatio: Estimate? { Estimate(ratioToBestPeer, ratioToBestPeerInterval) }
    /// Wall time ÷ the floor's.
    var floorRatio: Estimate? { Estimate(ratioToFloor, ratioToFloorInterval) }
    /// Wall time ÷ the scalar converter's.
    var scalarRatio: Estimate? { Estimate(ratioToScalar, ratioToScalarInterval) }
    /// Oriented time ÷ upright time.
    var uprightRatio: Estimate? { Estimate(ratioToUpright, ratioToUprightInterval) }
    /// Time in this layout ÷ time in I420.
    var i420Ratio: Estimate? { Estimate(ratioToI420, ratioToI420Interval) }
    /// Serial pass time ÷ pipelined pass time.
    var speedUp: Estimate? { Estimate(speedUpOverSerial, speedUpOverSerialInterval) }
}
