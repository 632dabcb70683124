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

        /// A trial outcome with these fields.
        public init(
            bytes: Int, stores: String, cachedMedianMicros: Double, streamingMedianMicros: Double, checks: Int?,
            changes: Int?
        ) {
            self.bytes = bytes
            self.stores = stores
            self.cachedMedianMicros = cachedMedianMicros
            self.streamingMedianMicros = streamingMedianMicros
            self.checks = checks
            self.changes = changes
        }

        private enum CodingKeys: String, CodingKey {
            case bytes, stores, checks, changes
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
    /// What `real_time` is.
    public var realTimeStatistic: String?
    /// What `cpu_time` is.
    public var cpuTimeStatistic: String?
    /// What the `_ci` intervals are.
    public var intervalStatistic: String?
    /// Per cell (`WxH[/orientation]`), each floor's time measured alone, µs.
    public var floorAlone: [String: [String: Double]]?
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
    /// Idle milliseconds before each synthetic conversion.
    public var idleGapMilliseconds: Double?
    /// The converter used end to end.
    public var streamConverter: String?
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
        case realTimeStatistic = "real_time_statistic"
        case cpuTimeStatistic = "cpu_time_statistic"
        case intervalStatistic = "ci_statistic"
        case floorAlone = "floor_alone_us"
        case floorWarnings = "floor_warnings"
        case simdPath = "simd_path"
        case matrix
        case warmupRounds = "warmup_rounds"
        case minimumFrames = "min_frames"
        case idleGapMilliseconds = "idle_gap_ms"
        case streamConverter = "stream_converter"
        case parallelMinimumPixels = "parallel_min_pixels"
        case interleaving
        case seconds = "bench_seconds"
        case peerBuilds = "peer_builds"
        case storeTrials = "simd_store_trials"
    }
}
