import Reports
import Statistics

/// One `bench` process's figures for one cell: what the gate compares
/// between the head's processes and the reference's.
public struct ProcessFigures: Sendable, Equatable {
    /// Mean process CPU time per frame, all threads, in microseconds.
    public let cpu: Double
    /// Median wall time per frame in microseconds.
    public let wall: Double
    /// Mean wall time per frame in microseconds (nil when the report has none).
    public let meanWall: Double?
    /// The median of per-round ratios of CPU time to libyuv's in the same
    /// process (nil for libyuv itself, and when the report has none).
    public let cpuToLibyuv: Double?
    /// The median of per-round ratios of wall time to the floor's in the
    /// same process (nil when the report has none).
    public var toFloor: Double?

    /// Figures with the given times.
    public init(cpu: Double, wall: Double, meanWall: Double? = nil, cpuToLibyuv: Double? = nil, toFloor: Double? = nil)
    {
        self.cpu = cpu
        self.wall = wall
        self.meanWall = meanWall
        self.cpuToLibyuv = cpuToLibyuv
        self.toFloor = toFloor
    }

    /// The figures of every `convert/*` entry of `run` whose converter is
    /// in `converters` and that has a CPU time, by cell.
    public static func of(_ run: ReportDocument, converters: Set<String>) -> [EntryCell: ProcessFigures] {
        var figures: [EntryCell: ProcessFigures] = [:]
        for entry in run.benchmarks {
            guard let cell = entry.cell, converters.contains(cell.converter), let cpu = entry.cpuTime, cpu > 0 else {
                continue
            }
            figures[cell] = ProcessFigures(
                cpu: cpu, wall: entry.median, meanWall: entry.mean,
                cpuToLibyuv: cell.converter == EntryCell.referenceConverter ? nil : entry.positiveCPURatioToLibyuv,
                toFloor: entry.ratiosToFloor.flatMap { Percentile.median($0) })
        }
        return figures
    }

    /// Process CPU time ÷ wall time (means of both): about 1 for a
    /// conversion on one thread, up to the thread count for one split
    /// across threads; nil without a mean wall time.
    public var threadShare: Double? {
        guard let meanWall, meanWall > 0 else { return nil }
        return cpu / meanWall
    }
}
