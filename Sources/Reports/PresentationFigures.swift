/// One presentation run's figures: what `bench present --json` writes per
/// file and the report's `presentation` section holds per run.
public struct PresentationFigures: Codable, Sendable, Equatable {
    /// Latency percentiles (nearest rank), nanoseconds.
    public struct Latency: Codable, Sendable, Equatable {
        /// The median.
        public var p50: Double
        /// The 99th percentile.
        public var p99: Double
        /// The largest.
        public var max: Double

        /// Percentiles with these values.
        public init(p50: Double, p99: Double, max: Double) {
            self.p50 = p50
            self.p99 = p99
            self.max = max
        }
    }

    /// The stamping policy (report section only).
    public var stamping: String?
    /// The delivery scenario (report section only).
    public var scenario: String?
    /// The vector file's path.
    public var path: String
    /// Frames shown.
    public var shown: Int
    /// Frames presented.
    public var presented: Int
    /// Indices of frames lost.
    public var lost: [Int]
    /// Frames presented twice.
    public var duplicates: Int
    /// Stamps that went backwards.
    public var regressions: Int
    /// Frames with a duration of zero or less.
    public var nonPositiveDurations: Int
    /// Frames whose display overlapped the next.
    public var overlaps: Int
    /// Frames shown for longer than the freeze threshold.
    public var freezes: Int
    /// Frames presented after their time.
    public var late: Int
    /// The freeze threshold in nanoseconds.
    public var freezeThresholdNanoseconds: UInt64
    /// The mean frame interval in seconds; nil with fewer than two frames.
    public var meanFrameIntervalSeconds: Double?
    /// Latency from arrival to presentation; nil when nothing was presented.
    public var latencyNanoseconds: Latency?
    /// The first issues of each kind (at most 10 in all), one line each.
    public var firstIssues: [String]
    /// Whether the run met every presentation rule.
    public var passed: Bool
    /// What stopped the run, if anything.
    public var error: String?

    /// Figures with these values.
    public init(
        path: String, shown: Int, presented: Int, lost: [Int], duplicates: Int, regressions: Int,
        nonPositiveDurations: Int, overlaps: Int, freezes: Int, late: Int, freezeThresholdNanoseconds: UInt64,
        meanFrameIntervalSeconds: Double?, latencyNanoseconds: Latency?, firstIssues: [String], passed: Bool,
        error: String?
    ) {
        self.path = path
        self.shown = shown
        self.presented = presented
        self.lost = lost
        self.duplicates = duplicates
        self.regressions = regressions
        self.nonPositiveDurations = nonPositiveDurations
        self.overlaps = overlaps
        self.freezes = freezes
        self.late = late
        self.freezeThresholdNanoseconds = freezeThresholdNanoseconds
        self.meanFrameIntervalSeconds = meanFrameIntervalSeconds
        self.latencyNanoseconds = latencyNanoseconds
        self.firstIssues = firstIssues
        self.passed = passed
        self.error = error
    }
}
