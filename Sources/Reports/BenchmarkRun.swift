import Foundation

/// A report written by `bench --json` (schema version 2), reduced to what
/// comparing two runs needs: the kind of machine and the named entries with
/// their samples.
public struct BenchmarkRun: Sendable, Equatable {
    /// The value of `json_schema_version` this type reads.
    public static let schemaVersion = 2

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

    /// The run a report's bytes describe.
    ///
    /// Requires a JSON object with `json_schema_version` 2 and a `benchmarks`
    /// array whose entries each have a string `name` (unique) and a non-empty
    /// `samples_us` array of positive numbers; `ratio_samples_to_libyuv`, when
    /// present and not null or empty, must be such an array too. Every other
    /// field is ignored. `context.machine_key` is read when it is a string.
    /// - Throws: `BenchmarkRunError` saying what is wrong.
    public init(json data: Data) throws(BenchmarkRunError) {
        let document: ReportDocument
        do {
            document = try JSONDecoder().decode(ReportDocument.self, from: data)
        } catch let error as BenchmarkRunError {
            throw error
        } catch {
            // ReportDocument turns every fault of a parsed document into a
            // BenchmarkRunError, so what is left is bytes that do not parse.
            throw .notJSON
        }
        self.init(
            machineKey: document.machineKey, entries: document.entries, cores: document.cores,
            parallelMinimumPixels: document.parallelMinimumPixels, notMeasured: document.notMeasured)
    }

    /// The entry called `name`, if any.
    public func entry(named name: String) -> BenchmarkEntry? {
        entries.first { $0.name == name }
    }
}
