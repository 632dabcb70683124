import Conformance
import Converters
import Frames

/// `bench verify` over a list of files (in one or more source layouts):
/// each file's verdict judged by the
/// bad-timestamp rule (`FileVerdict.passes(expectedBad:)`), the tally, and
/// each peer's deviation over every frame.
public struct VerificationRun {
    /// One file's outcome.
    public struct FileOutcome {
        /// The file.
        public let path: String
        /// What the verifier found.
        public let verdict: FileVerdict
        /// Whether its timestamps are broken on purpose.
        public let expectedBad: Bool
        /// The layout its frames were converted from.
        public let layout: ChromaLayout

        /// Whether it passes as a whole.
        public var passed: Bool { verdict.passes(expectedBad: expectedBad) }

        /// `pass`, `FAIL: ...`, or for a deliberately bad file `expected
        /// failure: ...` (or why it is not one).
        /// Prefixed by `nv12: ` for a layout other than I420.
        public var line: String {
            let prefix = layout == .i420 ? "" : "\(layout): "
            guard expectedBad else { return prefix + verdict.summary }
            if passed { return prefix + "expected failure: " + verdict.summary }
            return prefix
                + (verdict.passed ? "FAIL: passed, but its timestamps are broken on purpose" : verdict.summary)
        }
    }

    /// The files' outcomes, in order.
    public private(set) var outcomes: [FileOutcome] = []
    /// Each peer's deviation from libyuv over every frame of every file, by name.
    public private(set) var deviations: [String: Deviation] = [:]

    /// Files that passed (deliberately bad ones flagged as expected included).
    public var passed: Int { outcomes.filter(\.passed).count }
    /// Files that failed.
    public var failed: Int { outcomes.count - passed }
    /// Deliberately bad files flagged as expected.
    public var expectedFailures: Int { outcomes.filter { $0.expectedBad && $0.passed }.count }

    /// What a judge outside the verifier found in one file in one layout:
    /// failures, and converters that refused its cases (skipped).
    public typealias Judgement = (failures: [CheckFailure], skipped: [String])

    /// Verifies each of `files` with each of `verifiers` (one a layout),
    /// adding what `judge` finds in the file in the verifier's layout (the
    /// plug-in converters, checked in child processes), and calling `each`
    /// with each outcome as it comes.
    public static func run(
        _ files: [String], with verifiers: [StreamVerifier],
        judge: (String, ChromaLayout) -> Judgement = { _, _ in ([], []) }, each: (FileOutcome) -> Void = { _ in }
    ) -> VerificationRun {
        var run = VerificationRun()
        for file in files {
            for verifier in verifiers {
                let judged = judge(file, verifier.layout)
                let outcome = FileOutcome(
                    path: file,
                    verdict: verifier.verify(file).adding(failures: judged.failures, skipped: judged.skipped),
                    expectedBad: VectorFiles.isExpectedBad(file), layout: verifier.layout)
                for (name, deviation) in outcome.verdict.deviations {
                    run.deviations[name, default: Deviation()].add(deviation)
                }
                run.outcomes.append(outcome)
                each(outcome)
            }
        }
        return run
    }
}
