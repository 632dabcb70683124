/// The report's `context` object: Google Benchmark's machine fields and
/// FrameBench's settings. Every field is optional when read, so older and
/// hand-written reports read; a report `bench` writes has them all.
public struct ReportContext: Codable, Sendable, Equatable {
    /// One cache level as `/sys` describes it.
    public struct Cache: Codable, Sendable, Equatable {
        /// `Data`, `Instruction` or `Unified`.
        public var type: String
        /// 1, 2, 3.
        public var level: Int
        /// Bytes.
        public var size: Int
        /// Logical CPUs sharing it.
        public var sharing: Int

        /// A cache with these figures.
        public init(type: String, level: Int, size: Int, sharing: Int) {
            self.type = type
            self.level = level
            self.size = size
            self.sharing = sharing
        }

        private enum CodingKeys: String, CodingKey {
            case type, level, size
            case sharing = "num_sharing"
        }
    }

    /// A peer library as the run had it: its converter, the libyuv version
    /// it was built from and how, or why it was not there.
    public struct PeerBuild: Codable, Sendable, Equatable {
        /// The converter's name (`libyuv`, `libyuv-latest`).
        public var converter: String
        /// `LIBYUV_VERSION` of its source; nil when it was not there.
        public var version: Int?
        /// How it was built, or why it was not there (one line).
        public var build: String
        /// Whether the run measured it.
        public var measured: Bool

        /// A peer build with these fields.
        public init(converter: String, version: Int?, build: String, measured: Bool) {
            self.converter = converter
            self.version = version
            self.build = build
            self.measured = measured
        }
    }

    /// A destination size whose store kind `simd` chose by trial.
    public struct StoreTrial: Codable, Sendable, Equatable {
        /// The destination's bytes (stride × height).
        public var bytes: Int
        /// `cached` or `streaming`: the kind it kept.
        public var stores: String
        /// The median of the latest check's timed conversions with ordinary
        /// stores, µs.
        public var cachedMedianMicros: Double
        /// The median of the latest check's timed conversions with streaming
        /// stores, µs.
        public var streamingMedianMicros: Double
        /// The trial's cycles that decided the size: the first and each check
        /// since, a cycle that confirmed a check included (nil in reports
        /// written before sizes were checked again).
        public var checks: Int?
        /// How many times the checks changed the kind (nil where `checks`
        /// is).
        public var changes: Int?
        /// The synthetic frame size (`WxH`) whose BGRA destination has
        /// `bytes`; nil when no size of the report has (and in reports
        /// written before sizes were named).
        public var size: String?

        /// A trial outcome with these fields.
        public init(
            bytes: Int, stores: String, cachedMedianMicros: Double, streamingMedianMicros: Double, checks: Int?,
            changes: Int?, size: String? = nil
        ) {
            self.bytes = bytes
            self.stores = stores
            self.cachedMedianMicros = cachedMedianMicros
            self.streamingMedianMicros = streamingMedianMicros
            self.checks = checks
            self.changes = changes
            self.size = size
        }

        private enum CodingKeys: String, CodingKey {
            case bytes, stores, checks, changes, size
            case cachedMedianMicros = "cached_median_us"
            case streamingMedianMicros = "streaming_median_us"
        }
    }

    /// When the run started (ISO 8601).
    public var date: String?
    /// The machine's host name.
    public var hostName: String?
    /// The program that wrote the report.
    public var executable: String?
    /// Logical CPUs.
    public var cores: Int?
    /// Nominal clock in MHz.
    public var megahertz: Int?
    /// Always false (Google Benchmark's field).
    public var cpuScalingEnabled: Bool?
    /// The cache levels.
    public var caches: [Cache]?
    /// The load averages over 1, 5 and 15 minutes.
    public var loadAverage: [Double]?
    /// `release` or `debug`.
    public var buildType: String?
    /// The CPU's model name.
    public var cpuModel: String?
    /// The kind of machine (CPU, cores, SIMD level), as `MachineKey` writes it.
    public var machineKey: String?
    /// The CPU's vendor, family and model as `/proc/cpuinfo` names them
    /// (`AuthenticAMD family 26 model 2`).
    public var cpuIdentity: String?
    /// What `real_time` is.
    public var realTimeStatistic: String?
    /// What `cpu_time` is.
    public var cpuTimeStatistic: String?
    /// What the `_ci` intervals are.
    public var intervalStatistic: String?
    /// Per cell (`WxH[/orientation]`), each floor's time measured alone, µs.
    public var floorAlone: [String: [String: Double]]?
    /// Every method a floor is timed with, in the order the report lists
    /// them (the keys of `floorAlone`'s cells: `cached`, `streaming`,
    /// `blocks cached`, …).
    public var floorMethods: [String]?
    /// The least median paired ratio to its floor a converter may have
    /// before the floor counts as wrong (`floor_warnings` names those below).
    public var floorTolerance: Double?
    /// Contenders measured below their floor, one line each.
    public var floorWarnings: [String]?
    /// The SIMD level and store kind the `simd` converter ran.
    public var simdPath: String?
    /// The colour matrix's name.
    public var matrix: String?
    /// Rounds run before measuring.
    public var warmupRounds: Int?
    /// Frames measured at least per cell.
    public var minimumFrames: Int?
    /// Frames measured at most per cell.
    public var maximumFrames: Int?
    /// Seconds the run aimed to measure each size for.
    public var secondsPerSize: Double?
    /// Seconds the run aimed to end within; nil when it had no deadline.
    public var deadlineSeconds: Double?
    /// Idle milliseconds before each synthetic conversion.
    public var idleGapMilliseconds: Double?
    /// The converter used end to end.
    public var streamConverter: String?
    /// Frames the pipelined runs may decode ahead of the one converting.
    public var pipelineDepth: Int?
    /// The smallest frame, in pixels, the `parallel` converter split over threads.
    public var parallelMinimumPixels: Int?
    /// How contenders were interleaved.
    public var interleaving: String?
    /// Seconds the whole run took.
    public var seconds: Double?
    /// The libyuv builds the run knew of: Debian's (the oracle, which
    /// `ratio_to_libyuv` divides by) and libyuv-latest.
    public var peerBuilds: [PeerBuild]?
    /// The store kinds `simd` chose by trial, smallest destination first
    /// (empty when it decided none).
    public var storeTrials: [StoreTrial]?

    /// A context with no field set.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case date
        case hostName = "host_name"
        case executable
        case cores = "num_cpus"
        case megahertz = "mhz_per_cpu"
        case cpuScalingEnabled = "cpu_scaling_enabled"
        case caches
        case loadAverage = "load_avg"
        case buildType = "library_build_type"
        case cpuModel = "cpu_model"
        case machineKey = "machine_key"
        case cpuIdentity = "cpu_identity"
        case realTimeStatistic = "real_time_statistic"
        case cpuTimeStatistic = "cpu_time_statistic"
        case intervalStatistic = "ci_statistic"
        case floorAlone = "floor_alone_us"
        case floorMethods = "floor_methods"
        case floorTolerance = "floor_tolerance"
        case floorWarnings = "floor_warnings"
        case simdPath = "simd_path"
        case matrix
        case warmupRounds = "warmup_rounds"
        case minimumFrames = "min_frames"
        case maximumFrames = "max_frames"
        case secondsPerSize = "seconds_per_size"
        case deadlineSeconds = "deadline_seconds"
        case idleGapMilliseconds = "idle_gap_ms"
        case streamConverter = "stream_converter"
        case pipelineDepth = "pipeline_depth"
        case parallelMinimumPixels = "parallel_min_pixels"
        case interleaving
        case seconds = "bench_seconds"
        case peerBuilds = "peer_builds"
        case storeTrials = "simd_store_trials"
    }
}
