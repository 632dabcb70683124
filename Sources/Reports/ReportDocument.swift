import Foundation

/// The report `bench --json` writes and `bench compare` and the gate read:
/// Google Benchmark's layout (`context`, `benchmarks`) with FrameBench's
/// `presentation` and `not_measured` sections, numbered by
/// `json_schema_version`; `bench call --json` writes one with the call's
/// `call` and `capacity` sections and no entries.
///
/// Reading checks what comparing runs relies on and names each fault as a
/// `ReportReadError` (thrown from `init(from:)`, which `JSONDecoder`
/// passes on unchanged): the version, a `benchmarks` array whose entries
/// each have a unique string `name` and a non-empty `samples_us` array of
/// positive numbers, ratio sample arrays of positive numbers, times of 0 or
/// more, and every other known field of its type. Unknown fields are
/// skipped; missing sections read as empty.
///
/// It also reads schema 1, what `bench --json` wrote before it numbered
/// its reports: no `json_schema_version`, and entries with a positive
/// `real_time` (their median) but no samples or intervals. Such a document
/// is told from other JSON in Google Benchmark's layout by a `context`
/// holding FrameBench's own string fields `simd_path`, `stream_converter`
/// and `interleaving`, which every schema-1 report has.
public struct ReportDocument: Codable, Sendable, Equatable {
    /// The `json_schema_version` this type writes, and the newest it reads.
    public static let schemaVersion = 2
    /// The version of the schema `bench --json` wrote before it numbered
    /// its reports (no `json_schema_version` key, no samples): reports of
    /// this version are read, never written.
    public static let unnumberedSchemaVersion = 1

    /// The schema version of the JSON the document was read from
    /// (`unnumberedSchemaVersion` or `schemaVersion`); `schemaVersion` for
    /// a document made in process.
    public private(set) var sourceSchemaVersion = schemaVersion

    /// The machine and the run's settings.
    public var context: ReportContext
    /// The entries in report order.
    public var benchmarks: [ReportEntry]
    /// The presentation runs.
    public var presentation: [PresentationFigures]
    /// The converters left out of synthetic cells.
    public var notMeasured: [NotMeasuredCell]
    /// The end-to-end runs that timed nothing, so have no entries.
    public var notMeasuredStreams: [NotMeasuredStream]
    /// The group call `bench call --tiles` ran; nil in other documents.
    public var call: Call?
    /// The capacities `bench call` found, one per converter (empty when it
    /// looked for none); nil in documents of other commands.
    public var capacity: [Capacity]?

    /// A document with these sections.
    public init(
        context: ReportContext, benchmarks: [ReportEntry], presentation: [PresentationFigures] = [],
        notMeasured: [NotMeasuredCell] = [], notMeasuredStreams: [NotMeasuredStream] = [], call: Call? = nil,
        capacity: [Capacity]? = nil
    ) {
        self.context = context
        self.benchmarks = benchmarks
        self.presentation = presentation
        self.notMeasured = notMeasured
        self.notMeasuredStreams = notMeasuredStreams
        self.call = call
        self.capacity = capacity
    }

    /// The document `data` holds.
    /// - Throws: `ReportReadError` saying what is wrong.
    public init(json data: Data) throws(ReportReadError) {
        do {
            self = try JSONDecoder().decode(ReportDocument.self, from: data)
        } catch let error as ReportReadError {
            throw error
        } catch {
            // init(from:) turns every fault of a parsed document into a
            // ReportReadError, so what is left is bytes that do not parse.
            throw .notJSON
        }
    }

    /// The JSON text: pretty-printed, keys sorted, ending in a newline.
    /// - Throws: `EncodingError` for a number that is not finite.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    private enum Key: String, CodingKey {
        case version = "json_schema_version"
        case context, benchmarks, presentation, call, capacity
        case notMeasured = "not_measured"
        case notMeasuredStreams = "not_measured_streams"
    }

    /// The `context` fields that only FrameBench's reports have, each a
    /// string in every report of either schema: what tells a schema-1
    /// report from other JSON in Google Benchmark's layout.
    private enum FrameBenchContextKey: String, CodingKey, CaseIterable {
        case simdPath = "simd_path"
        case streamConverter = "stream_converter"
        case interleaving
    }

    /// The fields of an entry whose faults are named on their own.
    private enum CheckedKey: String, CodingKey {
        case name
        case realTime = "real_time"
        case samples = "samples_us"
        case ratios = "ratio_samples_to_libyuv"
        case decodeRatios = "ratio_samples_to_decode"
        case floorRatios = "ratio_samples_to_floor"
        case cpuTime = "cpu_time"
        case meanTime = "mean"
        case cpuRatioToLibyuv = "cpu_ratio_to_libyuv"
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

    /// Reads a document, checking what `ReportDocument`'s description says.
    /// - Throws: `ReportReadError` naming the first fault.
    public init(from decoder: any Decoder) throws {
        guard let root = try? decoder.container(keyedBy: Key.self) else {
            throw Self.wrong("the top level is not an object")
        }
        let version = try Self.version(of: root)
        guard var list = try? root.nestedUnkeyedContainer(forKey: .benchmarks) else {
            throw Self.wrong("no benchmarks array")
        }
        var entries: [ReportEntry] = []
        var seen: Set<String> = []
        while !list.isAtEnd {
            let index = list.currentIndex
            let element = try list.superDecoder()
            let name = try Self.checkEntry(element, index: index, version: version)
            let label = "benchmarks[\(index)] '\(name)'"
            guard seen.insert(name).inserted else { throw Self.wrong("\(label) repeats a name") }
            entries.append(try Self.decode(ReportEntry.self, from: element, naming: label))
        }
        benchmarks = entries
        context = try Self.decodeIfPresent(ReportContext.self, .context, in: root) ?? ReportContext()
        presentation = try Self.decodeIfPresent([PresentationFigures].self, .presentation, in: root) ?? []
        notMeasured = try Self.decodeIfPresent([NotMeasuredCell].self, .notMeasured, in: root) ?? []
        notMeasuredStreams =
            try Self.decodeIfPresent([NotMeasuredStream].self, .notMeasuredStreams, in: root) ?? []
        call = try Self.decodeIfPresent(Call.self, .call, in: root)
        capacity = try Self.decodeIfPresent([Capacity].self, .capacity, in: root)
        sourceSchemaVersion = version
    }

    /// Writes the document with `json_schema_version` first in the layout
    /// `init(from:)` reads.
    /// - Throws: `EncodingError.invalidValue` for a document read from a
    ///   schema-1 report, which lacks the samples `schemaVersion` needs.
    public func encode(to encoder: any Encoder) throws {
        guard sourceSchemaVersion == Self.schemaVersion else {
            throw EncodingError.invalidValue(
                sourceSchemaVersion,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription:
                        "a document read from schema \(sourceSchemaVersion) has no samples to write as schema \(Self.schemaVersion)"
                ))
        }
        var root = encoder.container(keyedBy: Key.self)
        try root.encode(Self.schemaVersion, forKey: .version)
        try root.encode(context, forKey: .context)
        try root.encode(benchmarks, forKey: .benchmarks)
        try root.encode(presentation, forKey: .presentation)
        try root.encode(notMeasured, forKey: .notMeasured)
        if !notMeasuredStreams.isEmpty { try root.encode(notMeasuredStreams, forKey: .notMeasuredStreams) }
        try root.encodeIfPresent(call, forKey: .call)
        try root.encodeIfPresent(capacity, forKey: .capacity)
    }

    /// The error for a document that is not a report, for `reason`.
    private static func wrong(_ reason: String) -> ReportReadError { .notBenchmarkReport(reason: reason) }

    /// The schema version of the document `root` holds: `schemaVersion`
    /// when it says so, `unnumberedSchemaVersion` when it says none and its
    /// `context` is FrameBench's.
    /// - Throws: `ReportReadError` for any other version, or none in a
    ///   document that is not FrameBench's.
    private static func version(of root: KeyedDecodingContainer<Key>) throws -> Int {
        guard root.contains(.version) else {
            let context = try? root.nestedContainer(keyedBy: FrameBenchContextKey.self, forKey: .context)
            guard let context,
                FrameBenchContextKey.allCases.allSatisfy({ key in
                    (try? context.decode(String.self, forKey: key)) != nil
                })
            else { throw wrong("no json_schema_version") }
            return unnumberedSchemaVersion
        }
        let version = try? root.decode(Double.self, forKey: .version)
        guard version == Double(schemaVersion) else {
            let shown = (try? root.decode(Shown.self, forKey: .version)) ?? .other
            throw wrong("json_schema_version is \(shown), not \(schemaVersion)")
        }
        return schemaVersion
    }

    /// The name of the entry `element` holds in a document of schema
    /// `version`, after checking the fields whose faults are named on their
    /// own: `samples_us` in schema 2, `real_time` in schema 1.
    private static func checkEntry(_ element: any Decoder, index: Int, version: Int) throws -> String {
        guard let entry = try? element.container(keyedBy: CheckedKey.self) else {
            throw wrong("benchmarks[\(index)] is not an object")
        }
        guard let name = try? entry.decode(String.self, forKey: .name) else {
            throw wrong("benchmarks[\(index)] has no name")
        }
        let label = "benchmarks[\(index)] '\(name)'"
        if version == unnumberedSchemaVersion {
            guard let time = try? entry.decode(Double.self, forKey: .realTime), isPositive(time) else {
                throw wrong("\(label) has no real_time of a positive number")
            }
            guard !entry.contains(.samples) else {
                throw wrong("\(label) has samples_us in a report with no json_schema_version")
            }
        } else {
            guard let samples = try? entry.decode([Double].self, forKey: .samples), !samples.isEmpty,
                samples.allSatisfy(isPositive)
            else {
                throw wrong("\(label) has no samples_us array of positive numbers")
            }
        }
        for key in [CheckedKey.ratios, .decodeRatios, .floorRatios] where entry.contains(key) {
            guard
                (try? entry.decodeNil(forKey: key)) == true
                    || (try? entry.decode([Double].self, forKey: key))?.allSatisfy(isPositive) == true
            else {
                throw wrong("\(label) has a \(key.rawValue) that is not an array of positive numbers")
            }
        }
        for key in [CheckedKey.cpuTime, .meanTime, .cpuRatioToLibyuv] where entry.contains(key) {
            guard
                (try? entry.decodeNil(forKey: key)) == true
                    || (try? entry.decode(Double.self, forKey: key)).map({ $0 >= 0 && $0.isFinite }) == true
            else {
                throw wrong("\(label) has a \(key.rawValue) that is not a number of 0 or more")
            }
        }
        return name
    }

    /// `type` decoded from `decoder`; a field missing or of the wrong type
    /// is named under `label`.
    private static func decode<T: Decodable>(_ type: T.Type, from decoder: any Decoder, naming label: String) throws
        -> T
    {
        do {
            return try T(from: decoder)
        } catch let error as DecodingError {
            throw wrong(fault(error, below: decoder.codingPath.count, label: label))
        }
    }

    /// The section under `key`, nil when absent or null; a field missing or
    /// of the wrong type is named.
    private static func decodeIfPresent<T: Decodable>(
        _ type: T.Type, _ key: Key, in root: KeyedDecodingContainer<Key>
    ) throws -> T? {
        do {
            return try root.decodeIfPresent(T.self, forKey: key)
        } catch let error as DecodingError {
            throw wrong(fault(error, below: 1, label: key.stringValue))
        }
    }

    /// `LABEL[i] has no field x` or `LABEL[i] has a field x.y of the wrong
    /// type` for the path `error` names below its first `depth` components.
    private static func fault(_ error: DecodingError, below depth: Int, label: String) -> String {
        var path: [any CodingKey]
        var missing = false
        switch error {
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
            missing = true
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default:
            path = []
        }
        path.removeFirst(min(depth, path.count))
        var named = label
        while let index = path.first?.intValue {
            named += "[\(index)]"
            path.removeFirst()
        }
        let field = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        if field.isEmpty { return "\(named) is of the wrong type" }
        return missing ? "\(named) has no field \(field)" : "\(named) has a field \(field) of the wrong type"
    }

    /// Whether `value` is a positive finite number (a time or a ratio).
    private static func isPositive(_ value: Double) -> Bool {
        value > 0 && value.isFinite
    }
}
