/// Why bytes are not a report `ReportDocument` can read. The description is a
/// plain phrase to follow the file's name (`base.json: not JSON`).
public enum ReportReadError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a JSON document.
    case notJSON
    /// The document is JSON but not a FrameBench report of a schema version
    /// `ReportDocument` reads (1 or 2); the reason names the field (and the
    /// entry, by index and name) that is wrong.
    case notBenchmarkReport(reason: String)

    /// `not JSON`, or `not a FrameBench JSON report (reason)`.
    public var description: String {
        switch self {
        case .notJSON: "not JSON"
        case .notBenchmarkReport(let reason): "not a FrameBench JSON report (\(reason))"
        }
    }
}
