import Foundation

/// The parts of a schema-2 report that `BenchmarkRun` reads, decoded field
/// by field so each fault becomes a `BenchmarkRunError` naming it (thrown
/// from `init(from:)`, which `JSONDecoder` passes on unchanged). Unknown
/// fields are skipped.
struct ReportDocument: Decodable {
    /// `context.machine_key`, when it is a string.
    let machineKey: String?
    /// The entries in file order.
    let entries: [BenchmarkEntry]
    /// The cells of the top-level `not_measured` array with their `reason`.
    let notMeasured: [EntryCell: String]
    /// `context.num_cpus`, when it is a number.
    let cores: Int?
    /// `context.parallel_min_pixels`, when it is a number.
    let parallelMinimumPixels: Int?

    private enum Key: String, CodingKey {
        case version = "json_schema_version"
        case context, benchmarks
        case notMeasured = "not_measured"
    }

    private enum NotMeasuredKey: String, CodingKey {
        case converter, width, height, orientation, reason
    }

    private enum ContextKey: String, CodingKey {
        case machineKey = "machine_key"
        case cores = "num_cpus"
        case parallelMinimumPixels = "parallel_min_pixels"
    }

    private enum EntryKey: String, CodingKey {
        case name
        case samples = "samples_us"
        case ratios = "ratio_samples_to_libyuv"
        case decodeRatios = "ratio_samples_to_decode"
        case floorRatios = "ratio_samples_to_floor"
        case cpuTime = "cpu_time"
        case meanTime = "mean"
        case cpuRatioToLibyuv = "cpu_ratio_to_libyuv"
        case converter, width, height, orientation
    }

    /// A JSON scalar as a message shows it (`2`, `'2'`, `not a number`).
    private enum Shown: Decodable, CustomStringConvertible {
        case number(Double)
        case text(String)
        case other

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else if let text = try? value.decode(String.self) {
                self = .text(text)
            } else {
                self = .other
            }
        }

        var description: String {
            switch self {
            case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
            case .text(let text): "'\(text)'"
            case .other: "not a number"
            }
        }
    }

    init(from decoder: any Decoder) throws {
        /// The error for a document that is not a report, for `reason`.
        func wrong(_ reason: String) -> BenchmarkRunError { .notBenchmarkReport(reason: reason) }

        guard let root = try? decoder.container(keyedBy: Key.self) else {
            throw wrong("the top level is not an object")
        }
        guard root.contains(.version) else { throw wrong("no json_schema_version") }
        let version = try? root.decode(Double.self, forKey: .version)
        guard version == Double(BenchmarkRun.schemaVersion) else {
            let shown = (try? root.decode(Shown.self, forKey: .version)) ?? .other
            throw wrong("json_schema_version is \(shown), not \(BenchmarkRun.schemaVersion)")
        }
        guard var list = try? root.nestedUnkeyedContainer(forKey: .benchmarks) else {
            throw wrong("no benchmarks array")
        }
        var entries: [BenchmarkEntry] = []
        var seen: Set<String> = []
        while !list.isAtEnd {
            let index = list.currentIndex
            guard let entry = try? list.nestedContainer(keyedBy: EntryKey.self) else {
                throw wrong("benchmarks[\(index)] is not an object")
            }
            guard let name = try? entry.decode(String.self, forKey: .name) else {
                throw wrong("benchmarks[\(index)] has no name")
            }
            let label = "benchmarks[\(index)] '\(name)'"
            guard seen.insert(name).inserted else { throw wrong("\(label) repeats a name") }
            guard let samples = try? entry.decode([Double].self, forKey: .samples),
                !samples.isEmpty, samples.allSatisfy(Self.isPositive)
            else {
                throw wrong("\(label) has no samples_us array of positive numbers")
            }
            /// The entry's ratios under `key`: nil when absent, null or empty.
            func ratios(_ key: EntryKey) throws -> [Double]? {
                guard entry.contains(key), (try? entry.decodeNil(forKey: key)) != true else { return nil }
                guard let values = try? entry.decode([Double].self, forKey: key), values.allSatisfy(Self.isPositive)
                else {
                    throw wrong("\(label) has a \(key.rawValue) that is not an array of positive numbers")
                }
                return values.isEmpty ? nil : values
            }
            /// The entry's time under `key`: nil when absent or null.
            func time(_ key: EntryKey) throws -> Double? {
                guard entry.contains(key), (try? entry.decodeNil(forKey: key)) != true else { return nil }
                guard let value = try? entry.decode(Double.self, forKey: key), value >= 0, value.isFinite else {
                    throw wrong("\(label) has a \(key.rawValue) that is not a number of 0 or more")
                }
                return value
            }
            var cell: EntryCell?
            if name.hasPrefix("convert/"), let converter = try? entry.decode(String.self, forKey: .converter),
                let width = try? entry.decode(Int.self, forKey: .width),
                let height = try? entry.decode(Int.self, forKey: .height)
            {
                let orientation = (try? entry.decode(String.self, forKey: .orientation)) ?? "upright"
                cell = EntryCell(converter: converter, width: width, height: height, orientation: orientation)
            }
            entries.append(
                BenchmarkEntry(
                    name: name, samples: samples, ratiosToLibyuv: try ratios(.ratios),
                    ratiosToDecode: try ratios(.decodeRatios), ratiosToFloor: try ratios(.floorRatios),
                    cpuTime: try time(.cpuTime), meanTime: try time(.meanTime),
                    cpuRatioToLibyuv: try time(.cpuRatioToLibyuv).flatMap { $0 > 0 ? $0 : nil }, cell: cell))
        }
        let context = try? root.nestedContainer(keyedBy: ContextKey.self, forKey: .context)
        machineKey = (try? context?.decode(String.self, forKey: .machineKey)) ?? nil
        cores = (try? context?.decode(Int.self, forKey: .cores)) ?? nil
        var notMeasured: [EntryCell: String] = [:]
        if var list = try? root.nestedUnkeyedContainer(forKey: .notMeasured) {
            while !list.isAtEnd {
                guard let item = try? list.nestedContainer(keyedBy: NotMeasuredKey.self) else {
                    _ = try? list.decode(Shown.self)
                    continue
                }
                if let converter = try? item.decode(String.self, forKey: .converter),
                    let width = try? item.decode(Int.self, forKey: .width),
                    let height = try? item.decode(Int.self, forKey: .height),
                    let reason = try? item.decode(String.self, forKey: .reason)
                {
                    let orientation = (try? item.decode(String.self, forKey: .orientation)) ?? "upright"
                    notMeasured[
                        EntryCell(converter: converter, width: width, height: height, orientation: orientation)] =
                        reason
                }
            }
        }
        self.notMeasured = notMeasured
        parallelMinimumPixels = (try? context?.decode(Int.self, forKey: .parallelMinimumPixels)) ?? nil
        self.entries = entries
    }

    /// Whether `value` is a positive finite number (a time or a ratio).
    private static func isPositive(_ value: Double) -> Bool {
        value > 0 && value.isFinite
    }
}
