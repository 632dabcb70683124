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

    /// A run with the given machine and entries.
    /// - Precondition: no two entries share a name.
    public init(machineKey: String?, entries: [BenchmarkEntry]) {
        precondition(Set(entries.map(\.name)).count == entries.count, "two entries share a name")
        self.machineKey = machineKey
        self.entries = entries
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
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .notJSON
        }
        guard let root = document as? [String: Any] else {
            throw .notBenchmarkReport(reason: "the top level is not an object")
        }
        guard let version = root["json_schema_version"] else {
            throw .notBenchmarkReport(reason: "no json_schema_version")
        }
        guard let number = version as? NSNumber, !Self.isBoolean(number), number.doubleValue == Double(Self.schemaVersion) else {
            throw .notBenchmarkReport(reason: "json_schema_version is \(Self.show(version)), not \(Self.schemaVersion)")
        }
        guard let list = root["benchmarks"] as? [Any] else {
            throw .notBenchmarkReport(reason: "no benchmarks array")
        }
        var entries: [BenchmarkEntry] = []
        var seen: Set<String> = []
        for (index, item) in list.enumerated() {
            guard let object = item as? [String: Any] else {
                throw .notBenchmarkReport(reason: "benchmarks[\(index)] is not an object")
            }
            guard let name = object["name"] as? String else {
                throw .notBenchmarkReport(reason: "benchmarks[\(index)] has no name")
            }
            let label = "benchmarks[\(index)] '\(name)'"
            guard seen.insert(name).inserted else {
                throw .notBenchmarkReport(reason: "\(label) repeats a name")
            }
            guard let samples = Self.positiveNumbers(object["samples_us"]), !samples.isEmpty else {
                throw .notBenchmarkReport(reason: "\(label) has no samples_us array of positive numbers")
            }
            var ratios: [Double]?
            if let field = object["ratio_samples_to_libyuv"], !(field is NSNull) {
                guard let values = Self.positiveNumbers(field) else {
                    throw .notBenchmarkReport(reason: "\(label) has a ratio_samples_to_libyuv that is not an array of positive numbers")
                }
                ratios = values.isEmpty ? nil : values
            }
            entries.append(BenchmarkEntry(name: name, samples: samples, ratiosToLibyuv: ratios))
        }
        let context = root["context"] as? [String: Any]
        self.init(machineKey: context?["machine_key"] as? String, entries: entries)
    }

    /// The entry called `name`, if any.
    public func entry(named name: String) -> BenchmarkEntry? {
        entries.first { $0.name == name }
    }

    /// `value` as an array of positive finite numbers; nil when it is not one.
    private static func positiveNumbers(_ value: Any?) -> [Double]? {
        guard let array = value as? [Any] else { return nil }
        var numbers: [Double] = []
        numbers.reserveCapacity(array.count)
        for item in array {
            guard let number = item as? NSNumber, !isBoolean(number) else { return nil }
            let double = number.doubleValue
            guard double > 0 && double.isFinite else { return nil }
            numbers.append(double)
        }
        return numbers
    }

    /// Whether a parsed JSON number is really `true` or `false` (which
    /// JSONSerialization stores as a `char`; it stores no number so).
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// A short rendering of a JSON value for a message.
    private static func show(_ value: Any) -> String {
        switch value {
        case let string as String: "'\(string)'"
        case let number as NSNumber where !isBoolean(number): "\(number)"
        case is NSNull: "null"
        default: "not a number"
        }
    }
}
