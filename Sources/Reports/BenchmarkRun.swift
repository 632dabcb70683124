import Foundation

/// A report written by `bench --json` (`ReportDocument`), reduced to what
/// comparing two runs needs: the kind of machine and the named entries with
/// their samples.
public struct BenchmarkRun: Sendable, Equatable {
    /// `context.machine_key`, naming the kind of machine (CPU, cores, SIMD
    /// level); nil when the report has none.
    public let machineKey: String?
    /// The entries in report order; no two share a name.
    public let entries: [BenchmarkEntry]
    /// The machine's core count (`context.num_cpus`); nil when the report has none.
    public let cores: Int?
    /// The smallest frame, in pixels, that the run's `parallel` converter
    /// split over threads (`context.parallel_min_pixels`); nil when the
    /// report has none.
    public let parallelMinimumPixels: Int?
    /// The cells the run left out (`not_measured`), with the report's reason
    /// (`unsupported`, `failed (status N)`).
    public let notMeasured: [EntryCell: String]

    /// A run with the given machine and entries.
    /// - Precondition: no two entries share a name.
    public init(
        machineKey: String?, entries: [BenchmarkEntry], cores: Int? = nil, parallelMinimumPixels: Int? = nil,
        notMeasured: [EntryCell: String] = [:]
    ) {
        precondition(Set(entries.map(\.name)).count == entries.count, "two entries share a name")
        self.machineKey = machineKey
        self.entries = entries
        self.cores = cores
        self.parallelMinimumPixels = parallelMinimumPixels
        self.notMeasured = notMeasured
    }

    /// The run a report's bytes describe (`ReportDocument(json:)` says
    /// what it requires).
    /// - Throws: `BenchmarkRunError` saying what is wrong.
    public init(json data: Data) throws(BenchmarkRunError) {
        self.init(try ReportDocument(json: data))
    }

    /// The run `document` describes.
    public init(_ document: ReportDocument) {
        let entries = document.benchmarks.map { entry in
            /// The ratios `values` holds, nil for none.
            func ratios(_ values: [Double]?) -> [Double]? { values?.isEmpty == false ? values : nil }
            var cell: EntryCell?
            if case .convert = EntryName(parsing: entry.name), let converter = entry.converter, let width = entry.width,
                let height = entry.height
            {
                cell = EntryCell(
                    converter: converter, width: width, height: height, orientation: entry.orientation ?? "upright",
                    layout: entry.layout ?? EntryCell.defaultLayout)
            }
            return BenchmarkEntry(
                name: entry.name, samples: entry.samples, ratiosToLibyuv: ratios(entry.ratioSamplesToLibyuv),
                ratiosToDecode: ratios(entry.ratioSamplesToDecode), ratiosToFloor: ratios(entry.ratioSamplesToFloor),
                cpuTime: entry.cpuTime, meanTime: entry.mean,
                cpuRatioToLibyuv: entry.cpuRatioToLibyuv.flatMap { $0 > 0 ? $0 : nil }, cell: cell)
        }
        self.init(
            machineKey: document.context.machineKey, entries: entries, cores: document.context.cores,
            parallelMinimumPixels: document.context.parallelMinimumPixels,
            notMeasured: Dictionary(
                document.notMeasured.map { ($0.cell, $0.reason) }, uniquingKeysWith: { _, last in last }))
    }

    /// The entry called `name`, if any.
    public func entry(named name: String) -> BenchmarkEntry? {
        entries.first { $0.name == name }
    }
}
