import Conformance
import Converters

/// `bench verify` over a list of files: each file's verdict judged by the
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

        /// Whether it passes as a whole.
        public var passed: Bool { verdict.passes(expectedBad: expectedBad) }

        /// `pass`, `FAIL: ...`, or for a deliberately bad file `expected
        /// failure: ...` (or why it is not one).
        public var line: String {
            guard expectedBad else { return verdict.summary }
            if passed { return "expected failure: " + verdict.summary }
            return verdict.passed ? "FAIL: passed, but its timestamps are broken on purpose" : verdict.summary
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

    /// Verifies each of `files` with `verifier`, calling `each` with each
    /// outcome as it comes.
    public static func run(
        _ files: [String], with verifier: StreamVerifier, each: (FileOutcome) -> Void = { _ in }
    ) -> VerificationRun {
        var run = VerificationRun()
        for file in files {
            let outcome = FileOutcome(
                path: file, verdict: verifier.verify(file), expectedBad: VectorFiles.isExpectedBad(file))
            for (name, deviation) in outcome.verdict.deviations {
                run.deviations[name, default: Deviation()].add(deviation)
            }
            run.outcomes.append(outcome)
            each(outcome)
        }
        return run
    }
}
