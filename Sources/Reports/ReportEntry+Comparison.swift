import Statistics

extension ReportEntry {
    /// An entry carrying only what comparing runs reads: `samples` (wall
    /// times in microseconds, measurement order), the per-round ratios to
    /// libyuv, to the decode and to the floor, the mean CPU and wall times,
    /// the CPU ratio to libyuv, and for a `convert/*` entry its cell.
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
        self.init(name: name, samples: samples)
        ratioSamplesToLibyuv = ratiosToLibyuv
        ratioSamplesToDecode = ratiosToDecode
        ratioSamplesToFloor = ratiosToFloor
        self.cpuTime = cpuTime
        mean = meanTime
        self.cpuRatioToLibyuv = cpuRatioToLibyuv
        if let cell {
            converter = cell.converter
            width = cell.width
            height = cell.height
            orientation = cell.orientation
            layout = cell.layout
        }
    }

    /// The median per-frame time in microseconds: the nearest-rank median
    /// of `samples` (the report's `real_time`), or for an entry without
    /// samples, read from a schema-1 report, the `real_time` that report
    /// gives.
    /// - Precondition: `samples` is not empty or `realTime` is set (as in
    ///   every entry a report read by `ReportDocument(json:)` holds).
    public var median: Double {
        if let median = Percentile.median(samples) { return median }
        guard let realTime else { preconditionFailure("an entry without samples or real_time") }
        return realTime
    }

    /// Per-round ratios of this entry's time to libyuv's in the same round,
    /// in measurement order; nil when the report has none for the entry.
    public var ratiosToLibyuv: [Double]? { Self.present(ratioSamplesToLibyuv) }

    /// Per-frame (or per-pass) ratios of this stream entry's time to the
    /// decode time of the same frame (or pass); nil when the report has none.
    public var ratiosToDecode: [Double]? { Self.present(ratioSamplesToDecode) }

    /// Per-round ratios of this entry's time to its floor's in the same
    /// round; nil when the report has none for the entry.
    public var ratiosToFloor: [Double]? { Self.present(ratioSamplesToFloor) }

    /// The CPU ratio to libyuv when the report gives a positive one (a
    /// report writes 0 where it could not take it); nil otherwise.
    public var positiveCPURatioToLibyuv: Double? { cpuRatioToLibyuv.flatMap { $0 > 0 ? $0 : nil } }

    /// The synthetic cell a `convert/*` entry measured (orientation
    /// `upright` and layout I420 where the entry names none); nil for other
    /// entries.
    public var cell: EntryCell? {
        guard case .convert = EntryName(parsing: name), let converter, let width, let height else { return nil }
        return EntryCell(
            converter: converter, width: width, height: height, orientation: orientation ?? "upright",
            layout: layout ?? EntryCell.defaultLayout)
    }

    /// `values` when it holds any, else nil.
    private static func present(_ values: [Double]?) -> [Double]? { values?.isEmpty == false ? values : nil }
}
