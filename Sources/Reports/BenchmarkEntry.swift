import Statistics

/// One entry of a `bench --json` report, as far as comparing runs needs it.
public struct BenchmarkEntry: Sendable, Equatable {
    /// The entry's name (`convert/simd/1920x1080`, `stream/serial/foo.ivf/decode`, ...),
    /// unique within its report.
    public let name: String
    /// Per-frame wall times in microseconds, in measurement order (never empty,
    /// every value positive and finite).
    public let samples: [Double]
    /// Per-round ratios of this entry's time to libyuv's in the same round,
    /// in measurement order; nil when the report has none for the entry
    /// (never empty, every value positive and finite).
    public let ratiosToLibyuv: [Double]?
    /// Per-frame (or per-pass) ratios of this stream entry's time to libvpx's
    /// decode time of the same frame (or pass) in the same run, in
    /// measurement order; nil when the report has none for the entry (never
    /// empty, every value positive and finite).
    public let ratiosToDecode: [Double]?
    /// Per-round ratios of this entry's time to its floor's in the same
    /// round, in measurement order; nil when the report has none for the
    /// entry (never empty, every value positive and finite).
    public let ratiosToFloor: [Double]?
    /// The mean process CPU time per frame in microseconds, all threads
    /// (`cpu_time`); nil for entries without one (stream entries).
    public let cpuTime: Double?
    /// The mean wall time per frame in microseconds (`mean`); nil when the
    /// report has none for the entry.
    public let meanTime: Double?
    /// The median of per-round ratios of this entry's process CPU time to
    /// libyuv's in the same round (`cpu_ratio_to_libyuv`); nil when the
    /// report has none for the entry.
    public let cpuRatioToLibyuv: Double?
    /// The synthetic cell a `convert/*` entry measured; nil for other entries.
    public let cell: EntryCell?

    /// An entry with the given figures.
    /// - Precondition: `samples` is not empty, each kind of ratios is nil
    ///   or not empty, and every value is positive and finite.
    public init(
        name: String, samples: [Double], ratiosToLibyuv: [Double]? = nil, ratiosToDecode: [Double]? = nil,
        ratiosToFloor: [Double]? = nil, cpuTime: Double? = nil, meanTime: Double? = nil,
        cpuRatioToLibyuv: Double? = nil, cell: EntryCell? = nil
    ) {
        let ratios = [ratiosToLibyuv, ratiosToDecode, ratiosToFloor]
        precondition(!samples.isEmpty && ratios.allSatisfy { $0?.isEmpty != true }, "an entry without samples")
        precondition(
            (samples + ratios.flatMap { $0 ?? [] }).allSatisfy { $0 > 0 && $0.isFinite },
            "a sample that is not a positive number")
        self.name = name
        self.samples = samples
        self.ratiosToLibyuv = ratiosToLibyuv
        self.ratiosToDecode = ratiosToDecode
        self.ratiosToFloor = ratiosToFloor
        self.cpuTime = cpuTime
        self.meanTime = meanTime
        self.cpuRatioToLibyuv = cpuRatioToLibyuv
        self.cell = cell
    }

    /// The nearest-rank median of `samples` in microseconds (the report's
    /// `real_time`).
    public var median: Double { Percentile.median(samples)! }
}
