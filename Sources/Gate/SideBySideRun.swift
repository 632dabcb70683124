import Foundation
import Reports

/// The head's and the reference's `bench` processes run one after the
/// other, pair by pair, each measuring every gated cell and writing its
/// report; the comparison after each pair decides whether more are needed.
///
/// Pairs alternate their order (head first, then reference first) so that a
/// machine slowly getting faster or slower during the run weighs on both
/// sides alike.
public struct SideBySideRun: Sendable {
    /// How many pairs to run and for how long.
    public struct Plan: Sendable, Equatable {
        /// Pairs always run (at least 4: with 3 processes a side no interval
        /// reaches 95 %; the harness's paired figure asks for 6 while libyuv
        /// is gated).
        public var minimumPairs = 4
        /// Pairs at most, while some cell is undecided.
        public var maximumPairs = 10
        /// Seconds the pairs may take in all; no pair starts that would
        /// likely end after it (the minimum pairs always run).
        public var budget = 240.0
        /// Seconds one process may take before it is killed (a process that
        /// hangs fails the gate rather than hanging it).
        public var processTimeout = 300.0

        /// The default plan.
        public init() {}
    }

    /// A process that did not give a report.
    public struct ProcessFailure: Error, CustomStringConvertible {
        /// Whether it was the reference's process (else the head's).
        public let isReference: Bool
        /// The executable.
        public let executable: String
        /// Its exit status.
        public let status: Int32
        /// Its last error line, or why its report could not be read.
        public let reason: String

        /// One line naming the side, the status and the reason.
        public var description: String {
            "\(isReference ? "reference" : "head") bench (\(executable)) exited \(status): \(reason)"
        }
    }

    /// What the pairs gave.
    public struct Result: Sendable {
        /// The head's reports, in the order they ran.
        public let head: [ReportDocument]
        /// The reference's reports, in the order they ran.
        public let reference: [ReportDocument]
        /// The outcome of every cell after the last pair.
        public let outcomes: [CellOutcome]
        /// The harness's outcome after the last pair
        /// (`GateComparison.harness(head:reference:)`).
        public let harness: HarnessOutcome?
        /// Seconds each head process took.
        public let headSeconds: [Double]
        /// Seconds each reference process took.
        public let referenceSeconds: [Double]
        /// Seconds all pairs took.
        public let seconds: Double
    }

    /// The head's `bench`.
    public let head: String
    /// The reference's `bench`.
    public let reference: String
    /// The arguments the head gets, before `--json FILE`.
    public let arguments: [String]
    /// The arguments the reference gets, before `--json FILE` (those it
    /// knows: a reference built before layouts gets no `--layout`).
    public let referenceArguments: [String]
    /// The directory they run in.
    public let directory: String
    /// Where each process's report is kept (`head-1.json`, `reference-1.json`,
    /// ...); nil: reports are read and removed.
    public let reportsDirectory: String?

    /// A run of `head` against `reference`, given `arguments` (the
    /// reference `referenceArguments` if given) in `directory`, keeping
    /// their reports in `reportsDirectory` if given.
    public init(
        head: String, reference: String, arguments: [String], referenceArguments: [String]? = nil, directory: String,
        reportsDirectory: String? = nil
    ) {
        self.head = head
        self.reference = reference
        self.arguments = arguments
        self.referenceArguments = referenceArguments ?? arguments
        self.directory = directory
        self.reportsDirectory = reportsDirectory
    }

    /// Runs pairs by `plan`, deciding with `comparison`; `progress` hears
    /// each process as it ends.
    /// - Throws: `ProcessFailure` for the first process that gives no report.
    public func run(
        _ plan: Plan, comparison: GateComparison, progress: (String) -> Void = { _ in }
    ) throws(ProcessFailure) -> Result {
        let start = Date()
        var headRuns: [ReportDocument] = []
        var referenceRuns: [ReportDocument] = []
        var headSeconds: [Double] = []
        var referenceSeconds: [Double] = []
        var outcomes: [CellOutcome] = []
        var harness: HarnessOutcome?
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "framebench-gate-\(getpid()).json"
        ).path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for pair in 0..<max(plan.minimumPairs, plan.maximumPairs) {
            let order = pair % 2 == 0 ? [false, true] : [true, false]
            for isReference in order {
                let report =
                    reportsDirectory.map { "\($0)/\(isReference ? "reference" : "head")-\(pair + 1).json" } ?? scratch
                let began = Date()
                let run = try measure(
                    isReference ? reference : head, isReference: isReference, report: report,
                    timeout: plan.processTimeout)
                let seconds = Date().timeIntervalSince(began)
                if isReference {
                    referenceRuns.append(run)
                    referenceSeconds.append(seconds)
                } else {
                    headRuns.append(run)
                    headSeconds.append(seconds)
                }
                progress(
                    "pair \(pair + 1): \(isReference ? "reference" : "head") process took \(String(format: "%.1f", seconds)) s"
                )
            }
            let done = pair + 1
            guard done >= plan.minimumPairs else { continue }
            outcomes = comparison.outcomes(head: headRuns, reference: referenceRuns)
            let elapsed = Date().timeIntervalSince(start)
            let nextPairEnds = elapsed + elapsed / Double(done)
            harness = comparison.harness(head: headRuns, reference: referenceRuns)
            if !comparison.isUndecided(outcomes, harness: harness) || nextPairEnds > plan.budget
                || done >= plan.maximumPairs
            {
                break
            }
        }
        return Result(
            head: headRuns, reference: referenceRuns, outcomes: outcomes, harness: harness, headSeconds: headSeconds,
            referenceSeconds: referenceSeconds, seconds: Date().timeIntervalSince(start))
    }

    /// One process of `executable`: its report.
    /// - Throws: `ProcessFailure` when the process fails, or its report
    ///   cannot be read or is of an older schema than the one written now.
    private func measure(_ executable: String, isReference: Bool, report: String, timeout: Double)
        throws(ProcessFailure) -> ReportDocument
    {
        try? FileManager.default.removeItem(atPath: report)
        let result: CommandRunner.Result
        do {
            result = try CommandRunner.run(
                executable, (isReference ? referenceArguments : arguments) + ["--json", report], in: directory,
                timeout: timeout)
        } catch {
            throw ProcessFailure(isReference: isReference, executable: executable, status: -1, reason: "\(error)")
        }
        guard result.status == 0 else {
            let reason =
                result.status == 128 + SIGKILL
                ? "killed after \(Int(timeout)) s without finishing" : result.lastErrorLine
            throw ProcessFailure(
                isReference: isReference, executable: executable, status: result.status, reason: reason)
        }
        let document: ReportDocument
        do {
            document = try ReportDocument(json: try Data(contentsOf: URL(fileURLWithPath: report)))
        } catch {
            throw ProcessFailure(
                isReference: isReference, executable: executable, status: result.status,
                reason: "its report \(report) cannot be read: \(error)")
        }
        guard document.sourceSchemaVersion == ReportDocument.schemaVersion else {
            throw ProcessFailure(
                isReference: isReference, executable: executable, status: result.status,
                reason:
                    "its report \(report) is schema \(document.sourceSchemaVersion), which has no per-frame samples "
                    + "to gate on (a bench that writes json_schema_version \(ReportDocument.schemaVersion) is needed)")
        }
        return document
    }
}
