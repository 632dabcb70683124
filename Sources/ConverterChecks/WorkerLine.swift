/// The lines a check worker writes on its protocol descriptor.
public enum WorkerLine: Equatable, Sendable {
    /// A case begins (its description).
    case begin(String)
    /// A fault hit the guard page of plane `y`, `u` or `v`.
    case fault(String)
    /// The converter wrote into source plane `y`, `u` or `v`.
    case sourceWrite(String)
    /// A plug-in converter (probe).
    case converter(name: String, threadSafe: Bool)
    /// The task's outcome.
    case outcome(CheckOutcome.Status, String)

    /// The line, without its newline.
    public var text: String {
        switch self {
        case .begin(let description): "case " + description
        case .fault(let plane): "fault " + plane
        case .sourceWrite(let plane): "source " + plane
        case .converter(let name, let threadSafe): "converter \(name) \(threadSafe ? "thread-safe" : "single")"
        case .outcome(let status, let detail): "outcome \(status.rawValue) \(detail)"
        }
    }

    /// The line `text` stands for, or nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let rest = parts.count > 1 ? parts[1] : ""
        switch parts[0] {
        case "case": self = .begin(rest)
        case "fault": self = .fault(rest)
        case "source": self = .sourceWrite(rest)
        case "converter":
            let words = rest.split(separator: " ").map(String.init)
            guard words.count == 2 else { return nil }
            self = .converter(name: words[0], threadSafe: words[1] == "thread-safe")
        case "outcome":
            let words = rest.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let status = CheckOutcome.Status(rawValue: words[0]) else { return nil }
            self = .outcome(status, words.count > 1 ? words[1] : "")
        default: return nil
        }
    }
}
