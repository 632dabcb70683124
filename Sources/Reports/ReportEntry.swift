/// One entry of the report's `benchmarks` array, in Google Benchmark's
/// layout with FrameBench's fields beside it.
///
/// Synthetic cells (`convert/<converter>/<WxH>[/<layout>][/<orientation>]`) and
/// scaling cells (`scaling/threads:<n>/<WxH>`) carry the converter fields;
/// stream entries (`stream/<serial|pipelined>/<file>/<part>`) carry the
/// stream fields. Times are microseconds per frame; a field a kind of entry
/// does not have is nil and left out of the JSON. `ratio_to_*` fields are
/// medians of per-round paired ratios, each with its 95 % interval as
/// `[lower, upper]` under the same key with `_ci`.
public struct ReportEntry: Codable, Sendable, Equatable {
    // Google Benchmark's fields.

    /// The entry's name, unique within its report.
    public var name: String
    /// The same as `name` (Google Benchmark's `run_name`).
    public var runName: String?
    /// Always `iteration`.
    public var runType: String?
    /// Always 1.
    public var repetitions: Int?
    /// Always 0.
    public var repetitionIndex: Int?
    /// Threads: 1, or the scaling cell's thread count.
    public var threads: Int?
    /// Frames measured.
    public var iterations: Int?
    /// The median per-frame wall time (Google Benchmark writes a mean).
    public var realTime: Double?
    /// Always `us`.
    public var timeUnit: String?
    /// The mean process CPU time per frame, all threads (synthetic and scaling cells only).
    public var cpuTime: Double?
    /// The entry's position in `benchmarks`.
    public var familyIndex: Int?
    /// Always 0.
    public var perFamilyInstanceIndex: Int?
    /// What `real_time` is when it is not the median per-frame time.
    public var realTimeStatistic: String?

    // Samples.

    /// Per-frame wall times in measurement order (at most 1,000, evenly
    /// spaced); empty in an entry read from a schema-1 report, which has none.
    public var samples: [Double] {
        get { recordedSamples ?? [] }
        set { recordedSamples = newValue }
    }
    /// `samples_us` as read: nil when the report has none (schema 1).
    private var recordedSamples: [Double]?
    /// Per-round ratios of this cell's time to libyuv's in the same round.
    public var ratioSamplesToLibyuv: [Double]?
    /// Per-round ratios of this cell's time to its floor's in the same round.
    public var ratioSamplesToFloor: [Double]?
    /// Per frame (per pass for `frame` entries) the time ÷ libvpx's decode
    /// time of the same frame (pass).
    public var ratioSamplesToDecode: [Double]?

    // Converter cells.

    /// The converter (or stream converter) measured.
    public var converter: String?
    /// Frame width in pixels.
    public var width: Int?
    /// Frame height in pixels.
    public var height: Int?
    /// The colour matrix's name.
    public var matrix: String?
    /// The orientation's name (`upright`, `mirror`, `rotate90`, ...).
    public var orientation: String?
    /// The source frames' layout (`i420`, `nv12`); nil in reports made
    /// before layouts, which measured I420 only.
    public var layout: String?
    /// The fastest frame.
    public var min: Double?
    /// The 10th percentile.
    public var p10: Double?
    /// The 25th percentile.
    public var p25: Double?
    /// The median.
    public var p50: Double?
    /// The 90th percentile.
    public var p90: Double?
    /// The 99th percentile.
    public var p99: Double?
    /// The slowest frame.
    public var max: Double?
    /// The mean wall time per frame.
    public var mean: Double?
    /// Frames a second at the median time.
    public var itemsPerSecond: Double?
    /// Bytes read and written a second at the median time.
    public var bytesPerSecond: Double?
    /// Megapixels a second at the median time.
    public var megapixelsPerSecond: Double?
    /// Wall time ÷ libyuv's, per round.
    public var ratioToLibyuv: Double?
    /// Its 95 % interval.
    public var ratioToLibyuvInterval: [Double]?
    /// Process CPU time ÷ libyuv's, per round.
    public var cpuRatioToLibyuv: Double?
    /// Its 95 % interval.
    public var cpuRatioToLibyuvInterval: [Double]?
    /// The cell's fastest peer (`libyuv`, `libyuv-latest`, `swscale`),
    /// which `ratio_to_best_peer` divides by.
    public var bestPeer: String?
    /// Wall time ÷ the best peer's, per round.
    public var ratioToBestPeer: Double?
    /// Its 95 % interval.
    public var ratioToBestPeerInterval: [Double]?
    /// Wall time ÷ the floor's, per round.
    public var ratioToFloor: Double?
    /// Its 95 % interval.
    public var ratioToFloorInterval: [Double]?
    /// The floor divided by (`floor` or `floor:<n>threads`).
    public var floor: String?
    /// A floor's method, the one with the lowest median of those timed in
    /// every round (`cached`, `streaming`, `blocks cached`, …, `prefetched
    /// streaming`: `FloorMethod.description`).
    public var floorMethod: String?
    /// Wall time ÷ the scalar converter's, per round.
    public var ratioToScalar: Double?
    /// Its 95 % interval.
    public var ratioToScalarInterval: [Double]?
    /// Wall time ÷ the same converter's upright conversion measured beside it.
    public var ratioToUpright: Double?
    /// Its 95 % interval.
    public var ratioToUprightInterval: [Double]?
    /// In a cell of another layout than I420: wall time ÷ the same
    /// converter's in the I420 cell of the same size and orientation
    /// (`LayoutCost`: the cells are not paired round by round).
    public var ratioToI420: Double?
    /// Its 95 % interval.
    public var ratioToI420Interval: [Double]?
    /// Whether the blocks behind `ratio_to_i420` were enough for a 95 %
    /// interval (false: the interval is the whole range of the block
    /// ratios).
    public var ratioToI420Conclusive: Bool?
    /// Whether an exact converter's bytes equal libyuv's.
    public var bitExact: Bool?
    /// A peer's deviation from libyuv.
    public var deviation: ReportDeviation?

    // Stream entries.

    /// The vector file's path.
    public var file: String?
    /// `serial` or `pipelined`.
    public var mode: String?
    /// Streams: the codec the file holds (`vp8`, `vp9`, `av1`); nil when
    /// the file header could not be read, and in reports from before
    /// FrameBench read other codecs.
    public var codec: String?
    /// Streams: which video track of the file was read (1-based); nil when
    /// the file header could not be read, and in reports from before
    /// FrameBench chose tracks.
    public var track: Int?
    /// Frames in one pass.
    public var frames: Int?
    /// Passes over the file.
    public var passes: Int?
    /// Whether every presentation stamp went forward.
    public var timestampsMonotonic: Bool?
    /// Frame indices whose stamps went backwards.
    public var timestampViolations: [Int]?
    /// What each of `timestamp_violations` is (`backwards`, `duplicate`),
    /// in the same order.
    public var timestampViolationKinds: [String]?
    /// Frame indices after a gap in the stamps.
    public var gaps: [Int]?
    /// Whether frames were delivered in stamp order.
    public var deliveryMonotonic: Bool?
    /// The first hand-off stamped earlier than the one before it; nil when
    /// delivery was monotonic.
    public var deliveryBackwardsAt: Int?
    /// Whether frames came out in decode order.
    public var inOrder: Bool?
    /// Whether the file is one whose stamps are known to be bad.
    public var expectedFailure: Bool?
    /// What stopped the run, if anything.
    public var error: String?
    /// Frames a second over a whole pass (`frame` entries).
    public var framesPerSecond: Double?
    /// Pipelined `frame` entries: the median over passes of the serial
    /// pass's time ÷ this pass's (pass i against pass i).
    public var speedUpOverSerial: Double?
    /// Its 95 % interval.
    public var speedUpOverSerialInterval: [Double]?

    /// An entry called `name` with these per-frame times and no other field.
    public init(name: String, samples: [Double]) {
        self.name = name
        recordedSamples = samples
    }

    /// An entry called `name` with `samples` and Google Benchmark's fields:
    /// one repetition of `iterations` frames on one thread, `real_time` and
    /// `cpu_time` (nil: left out) in µs, each 0 when not finite.
    public init(name: String, samples: [Double], iterations: Int, realTime: Double, cpuTime: Double?) {
        self.init(name: name, samples: samples)
        runName = name
        runType = "iteration"
        repetitions = 1
        repetitionIndex = 0
        threads = 1
        self.iterations = iterations
        self.realTime = Self.finite(realTime)
        timeUnit = "us"
        self.cpuTime = cpuTime.map(Self.finite)
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case runName = "run_name"
        case runType = "run_type"
        case repetitions
        case repetitionIndex = "repetition_index"
        case threads, iterations
        case realTime = "real_time"
        case timeUnit = "time_unit"
        case cpuTime = "cpu_time"
        case familyIndex = "family_index"
        case perFamilyInstanceIndex = "per_family_instance_index"
        case realTimeStatistic = "real_time_statistic"
        case recordedSamples = "samples_us"
        case ratioSamplesToLibyuv = "ratio_samples_to_libyuv"
        case ratioSamplesToFloor = "ratio_samples_to_floor"
        case ratioSamplesToDecode = "ratio_samples_to_decode"
        case converter, width, height, matrix, orientation, layout, min, p10, p25, p50, p90, p99, max, mean
        case itemsPerSecond = "items_per_second"
        case bytesPerSecond = "bytes_per_second"
        case megapixelsPerSecond = "mpixels_per_second"
        case ratioToLibyuv = "ratio_to_libyuv"
        case ratioToLibyuvInterval = "ratio_to_libyuv_ci"
        case cpuRatioToLibyuv = "cpu_ratio_to_libyuv"
        case cpuRatioToLibyuvInterval = "cpu_ratio_to_libyuv_ci"
        case bestPeer = "best_peer"
        case ratioToBestPeer = "ratio_to_best_peer"
        case ratioToBestPeerInterval = "ratio_to_best_peer_ci"
        case ratioToFloor = "ratio_to_floor"
        case ratioToFloorInterval = "ratio_to_floor_ci"
        case floor
        case floorMethod = "floor_method"
        case ratioToScalar = "ratio_to_scalar"
        case ratioToScalarInterval = "ratio_to_scalar_ci"
        case ratioToUpright = "ratio_to_upright"
        case ratioToUprightInterval = "ratio_to_upright_ci"
        case ratioToI420 = "ratio_to_i420"
        case ratioToI420Interval = "ratio_to_i420_ci"
        case ratioToI420Conclusive = "ratio_to_i420_conclusive"
        case bitExact = "bit_exact"
        case deviation, file, mode, codec, track, frames, passes
        case timestampsMonotonic = "timestamps_monotonic"
        case timestampViolations = "timestamp_violations"
        case timestampViolationKinds = "timestamp_violation_kinds"
        case gaps
        case deliveryMonotonic = "delivery_monotonic"
        case deliveryBackwardsAt = "delivery_backwards_at"
        case inOrder = "in_order"
        case expectedFailure = "expected_failure"
        case error
        case framesPerSecond = "frames_per_second"
        case speedUpOverSerial = "speed_up_over_serial"
        case speedUpOverSerialInterval = "speed_up_over_serial_ci"
    }
}

/// How far a peer's bytes are from libyuv's.
public struct ReportDeviation: Codable, Sendable, Equatable {
    /// The largest absolute difference of one byte.
    public var maximumDifference: Int
    /// The share of bytes that differ, 0 ... 1.
    public var differingShare: Double
    /// Peak signal-to-noise ratio in decibels; nil when the bytes are equal.
    public var psnr: Double?
    /// Bytes compared (nil in reports written before the counts were).
    public var comparedBytes: Int?
    /// Bytes that differ at all (nil where `compared_bytes` is).
    public var differingBytes: Int?
    /// The sum of the squared differences, for the PSNR of several cells
    /// together (nil where `compared_bytes` is).
    public var sumOfSquares: UInt64?

    /// A deviation with these figures.
    public init(
        maximumDifference: Int, differingShare: Double, psnr: Double?, comparedBytes: Int? = nil,
        differingBytes: Int? = nil, sumOfSquares: UInt64? = nil
    ) {
        self.maximumDifference = maximumDifference
        self.differingShare = differingShare
        self.psnr = psnr
        self.comparedBytes = comparedBytes
        self.differingBytes = differingBytes
        self.sumOfSquares = sumOfSquares
    }

    private enum CodingKeys: String, CodingKey {
        case maximumDifference = "max_abs"
        case differingShare = "differing_share"
        case psnr = "psnr_db"
        case comparedBytes = "compared_bytes"
        case differingBytes = "differing_bytes"
        case sumOfSquares = "sum_of_squares"
    }
}
