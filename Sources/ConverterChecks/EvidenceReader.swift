/// The parent's side of a check worker's evidence: the lines of the
/// protocol that carry evidence, in order, with every other line either
/// kept (progress, faults) or taken as a forgery. After the first problem
/// it reads nothing more, and `problem` says what it was. One thread
/// reads it (the judging check's); it is Sendable only so that the
/// `ReplayConverter` holding it can be.
final class EvidenceReader: @unchecked Sendable {
    /// Why the evidence stopped.
    enum Problem: Equatable {
        /// The worker ended (or stalled and was killed) before the evidence was complete.
        case ended
        /// The worker sent something a correct worker does not: the line
        /// to print, without its place.
        case rejected(String)
    }

    /// The worker.
    let session: WorkerSession
    /// The first problem, if any.
    private(set) var problem: Problem?
    /// The case the parent is judging (its own label, not the worker's).
    var place: String?

    /// Reads `session`.
    init(session: WorkerSession) { self.session = session }

    /// The next line of evidence, or nil (and `problem` set).
    func next() -> WorkerLine? {
        guard problem == nil else { return nil }
        while true {
            switch session.next() {
            case .end:
                problem = .ended
                return nil
            case .undefined(let text):
                problem = .rejected("wrote a line the check protocol does not define ('\(text)')")
                return nil
            case .line(let line):
                switch line {
                case .begin, .fault, .sourceWrite: continue
                case .outcome(.fail, let detail):
                    // A worker that cannot carry the check out (its converter
                    // or plug-in missing) says why; a failure is never a forgery.
                    problem = .rejected("the check could not run: \(detail)")
                    return nil
                case .outcome:
                    problem = .rejected("sent a verdict ('\(line.text)'): a check worker sends evidence only")
                    return nil
                case .converter:
                    problem = .rejected("sent a line of the plug-in probe ('\(line.text)') during a check")
                    return nil
                case .output, .outputDigest, .refused, .failed, .digests, .spanBegins, .spanEnds: return line
                }
            }
        }
    }

    /// The next line, which must be `expected` (a span line); false (and
    /// `problem` set) otherwise.
    func expect(_ expected: WorkerLine) -> Bool {
        guard let line = next() else { return false }
        guard line == expected else {
            return reject("sent '\(line.text.prefix(200))' where '\(expected.text)' was due")
        }
        return true
    }

    /// The next line's digests, which must number `count`; nil (and
    /// `problem` set) otherwise.
    func digests(count: Int) -> [String]? {
        guard let line = next() else { return nil }
        guard case .digests(let digests) = line, digests.count == count else {
            reject("sent '\(line.text.prefix(200))' where \(count) digests were due")
            return nil
        }
        return digests
    }

    /// The first output that was byte for byte an earlier case's output
    /// (`its output at CASE repeats its output at CASE`): what a converter
    /// that replays earlier evidence shows.
    private(set) var firstRepeat: String?
    private var outputs: [String: (identity: String, place: String)] = [:]

    /// Notes the output of the case `identity` (at `place`) by its digest.
    func noteOutput(digest: String, identity: String) {
        let place = self.place ?? "?"
        if let earlier = outputs[digest] {
            if firstRepeat == nil && earlier.identity != identity {
                firstRepeat = "its output at \(place) repeats its output at \(earlier.place)"
            }
        } else {
            outputs[digest] = (identity, place)
        }
    }

    /// Records that the worker ended or stalled where evidence was due
    /// (seen outside the protocol's lines, as a span it did not stop at).
    func markEnded() {
        if problem == nil { problem = .ended }
    }

    /// Records the rejection `description`; returns false.
    @discardableResult
    func reject(_ description: String) -> Bool {
        if problem == nil { problem = .rejected(description) }
        return false
    }

    /// Reads the raw bytes an `output` line announced into `buffer`; false
    /// (and `problem` set) when the worker ended first.
    func readBytes(into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard problem == nil else { return false }
        guard session.readBytes(into: buffer) else {
            problem = .ended
            return false
        }
        return true
    }
}
