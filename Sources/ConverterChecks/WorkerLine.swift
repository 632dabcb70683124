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
    /// The task's outcome (probe and pre-flight only: a check worker
    /// sends evidence, never verdicts).
    case outcome(CheckOutcome.Status, String)
    /// A case converted: `byteCount` raw bytes of its destination (every
    /// row, padding included) follow the line; `source` is the digest of
    /// the source planes after the call.
    case output(byteCount: Int, source: String, identity: String)
    /// A case converted into what the worker's oracle makes of it: the
    /// digest of the destination's bytes (every row, padding included)
    /// instead of the bytes; `source` as for `output`.
    case outputDigest(digest: String, source: String, identity: String)
    /// A case the converter refused as unsupported.
    case refused(identity: String)
    /// A case the converter failed with a non-zero status.
    case failed(status: Int32, identity: String)
    /// Digests of outputs the parent can recompute (threads, speed), in
    /// the order the check defines.
    case digests([String])
    /// A timed span of conversions begins (the parent reads the worker's
    /// CPU time when it sees this line).
    case spanBegins
    /// The timed span ends.
    case spanEnds

    /// The line, without its newline.
    public var text: String {
        switch self {
        case .begin(let description): "case " + description
        case .fault(let plane): "fault " + plane
        case .sourceWrite(let plane): "source " + plane
        case .converter(let name, let threadSafe): "converter \(name) \(threadSafe ? "thread-safe" : "single")"
        case .outcome(let status, let detail): "outcome \(status.rawValue) \(detail)"
        case .output(let byteCount, let source, let identity): "output \(byteCount) \(source) \(identity)"
        case .outputDigest(let digest, let source, let identity): "digest \(digest) \(source) \(identity)"
        case .refused(let identity): "refused " + identity
        case .failed(let status, let identity): "failed \(status) \(identity)"
        case .digests(let digests): (["digests"] + digests).joined(separator: " ")
        case .spanBegins: "span begins"
        case .spanEnds: "span ends"
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
        case "output":
            let words = rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard words.count == 3, let count = Int(words[0]), count >= 0 else { return nil }
            self = .output(byteCount: count, source: words[1], identity: words[2])
        case "digest":
            let words = rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard words.count == 3 else { return nil }
            self = .outputDigest(digest: words[0], source: words[1], identity: words[2])
        case "refused": self = .refused(identity: rest)
        case "failed":
            let words = rest.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard words.count == 2, let status = Int32(words[0]) else { return nil }
            self = .failed(status: status, identity: words[1])
        case "digests": self = .digests(rest.split(separator: " ").map(String.init))
        case "span" where rest == "begins": self = .spanBegins
        case "span" where rest == "ends": self = .spanEnds
        default: return nil
        }
    }
}
