import Foundation
import Measurement
import Presentation
import Streams

/// The `bench present --json` document.
struct PresentJSON: Encodable {
    /// One file's figures.
    struct File: Encodable {
        let path: String
        let shown: Int
        let presented: Int
        let lost: [Int]
        let duplicates: Int
        let regressions: Int
        let nonPositiveDurations: Int
        let overlaps: Int
        let freezes: Int
        let late: Int
        let freezeThresholdNanoseconds: UInt64
        let meanFrameIntervalSeconds: Double?
        let latencyNanoseconds: Latency?
        /// The first issues of each kind (at most 10 in all), one line each.
        let firstIssues: [String]
        let passed: Bool
        let error: String?

        /// The figures of `run`.
        init(_ run: PresentationRun) {
            let check = run.sequence.check
            path = run.path
            shown = run.shown
            presented = run.presented
            lost = check.lost
            duplicates = check.count(.duplicate)
            regressions = check.count(.regression)
            nonPositiveDurations = check.count(.nonPositiveDuration)
            overlaps = check.count(.overlap)
            freezes = check.count(.freeze)
            late = check.count(.late)
            freezeThresholdNanoseconds = check.freezeThreshold
            meanFrameIntervalSeconds = run.sequence.meanFrameInterval
            latencyNanoseconds = check.latency.map { Latency(p50: $0.median, p99: $0.p99, max: $0.max) }
            firstIssues = PresentationIssue.Kind.allCases.flatMap { check.issues($0).prefix(2) }.prefix(10)
                .map(\.description)
            passed = run.passed
            error = run.error
        }
    }

    /// Latency percentiles (nearest rank), nanoseconds.
    struct Latency: Encodable {
        let p50: Double
        let p99: Double
        let max: Double
    }

    let stamping: String
    let scenario: String
    let seed: UInt64
    let converter: String
    let files: [File]

    /// The document for `runs` made with these settings.
    init(stamping: StampingPolicy, scenario: DeliveryScenario, seed: UInt64, converter: String, runs: [PresentationRun])
    {
        self.stamping = stamping.rawValue
        self.scenario = scenario.description
        self.seed = seed
        self.converter = converter
        files = runs.map(File.init)
    }

    /// Pretty-printed JSON with sorted keys.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
