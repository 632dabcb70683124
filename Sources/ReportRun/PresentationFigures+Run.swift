import Presentation
import Reports
import Streams

extension PresentationFigures {
    /// The figures of `run` (without the report's `stamping` and `scenario`).
    public init(_ run: PresentationRun) {
        let check = run.sequence.check
        self.init(
            path: run.path, shown: run.shown, presented: run.presented, lost: check.lost,
            duplicates: check.count(.duplicate), regressions: check.count(.regression),
            nonPositiveDurations: check.count(.nonPositiveDuration), overlaps: check.count(.overlap),
            freezes: check.count(.freeze), late: check.count(.late), freezeThresholdNanoseconds: check.freezeThreshold,
            meanFrameIntervalSeconds: run.sequence.meanFrameInterval,
            latencyNanoseconds: check.latency.map { Latency(p50: $0.median, p99: $0.p99, max: $0.max) },
            firstIssues: PresentationIssue.Kind.allCases.flatMap { check.issues($0).prefix(2) }.prefix(10)
                .map(\.description),
            passed: run.passed, error: run.error)
    }
}
