import Conformance
import Converters
import Foundation
import Frames
import Measurement
import Reports
import Statistics
import Streams

extension ReportDocument {
    /// Most samples written per entry.
    public static let maximumSamples = 1000

    /// The document of `report`. Times are microseconds; `real_time` is the
    /// median per-frame wall time, `cpu_time` the mean process CPU time per
    /// frame of synthetic and scaling cells; sample arrays hold at most
    /// `maximumSamples` values, evenly spaced in measurement order. Every
    /// number is finite (0 stands for one that is not).
    public init(_ report: Report) {
        let uprightRatios = UprightRatio.all(in: report.synthetic)
        let layoutCosts = LayoutCost.all(in: report.synthetic)
        var entries: [ReportEntry] = []
        for size in report.synthetic {
            for var entry in size.cells {
                entry.matrix = report.matrix.name
                if let ratio = uprightRatios.first(where: {
                    $0.label == entry.converter && $0.size == size.size && $0.orientation == size.orientation
                        && $0.layout == size.layout
                }) {
                    (entry.ratioToUpright, entry.ratioToUprightInterval) = ReportEntry.figures(ratio.estimate)
                }
                if let cost = layoutCosts.first(where: { $0.label == entry.converter && $0.cell == size.cell }) {
                    (entry.ratioToI420, entry.ratioToI420Interval) = ReportEntry.figures(cost.estimate)
                    entry.ratioToI420Conclusive = cost.conclusive
                }
                entries.append(Self.written(entry))
            }
        }
        var streamsNotMeasured: [NotMeasuredStream] = []
        for runs in [report.serial, report.pipelined] {
            for (position, run) in runs.enumerated() {
                let serial = run.mode == .pipelined ? report.serial.first { $0.path == run.path } : nil
                let runEntries = Self.entries(run, serial: serial)
                entries += runEntries
                if runEntries.isEmpty { streamsNotMeasured.append(Self.notMeasured(run, position: position)) }
            }
        }
        for size in report.scaling {
            for var entry in size.cells {
                entry.matrix = report.matrix.name
                entries.append(Self.written(entry))
            }
        }
        for index in entries.indices {
            entries[index].familyIndex = index
            entries[index].perFamilyInstanceIndex = 0
        }
        self.init(
            context: Self.context(report), benchmarks: entries,
            presentation: report.presentation.map { run in
                var figures = PresentationFigures(run)
                figures.stamping = run.sequence.policy.rawValue
                figures.scenario = "\(run.scenario)"
                return figures
            },
            notMeasured: report.synthetic.flatMap { size in
                size.excluded.map { failure in
                    NotMeasuredCell(
                        name: EntryName.convert(failure.label, in: size.cell).description,
                        cell: EntryCell(
                            converter: failure.label, width: size.size.width, height: size.size.height,
                            orientation: size.orientation.name, layout: size.layout.rawValue),
                        reason: "\(failure.error)")
                }
            },
            notMeasuredStreams: streamsNotMeasured)
    }

    /// The `context` object of `report`.
    private static func context(_ report: Report) -> ReportContext {
        var context = ReportContext(machine: report.machine, date: report.date)
        context.realTimeStatistic =
            "median of the per-frame wall times (Google Benchmark writes a mean; FrameBench's mean is in 'mean')"
        context.cpuTimeStatistic = "mean process CPU time per frame, all threads (convert and scaling entries only)"
        context.intervalStatistic =
            "95 % distribution-free interval of the median of per-round paired ratios (sign-test order statistics)"
        context.floorAlone = Dictionary(
            uniqueKeysWithValues: report.synthetic.map { size in
                (
                    size.cell.nameComponent,
                    Dictionary(
                        uniqueKeysWithValues: size.floorAlone.map { ($0.key.description, ReportEntry.finite($0.value)) }
                    )
                )
            })
        context.floorMethods = FloorMethod.allCases.map(\.description)
        context.floorTolerance = CellResults.floorTolerance
        context.floorWarnings = (report.synthetic + report.scaling).flatMap { size in
            size.belowFloor.map { entry in
                "\(entry.converter ?? "") at \(size.cell): \(shown(entry.floorRatio)) of \(entry.floor ?? "")"
            }
        }
        context.matrix = report.matrix.name
        context.warmupRounds = report.budget.warmupRounds
        context.minimumFrames = report.budget.minFrames
        context.maximumFrames = report.budget.maxFrames
        context.secondsPerSize = ReportEntry.finite(report.budget.seconds)
        context.deadlineSeconds = report.deadline.map(ReportEntry.finite)
        context.idleGapMilliseconds = report.budget.idleGap * 1000
        context.streamConverter = report.streamConverter
        context.pipelineDepth = Pipeline.defaultDepth
        context.parallelMinimumPixels = report.parallelMinimumPixels
        context.interleaving =
            "per frame, in a balanced Latin-square order (each contender follows every other equally often); "
            + "\(InterleavedRun.outputPassing); ratios are medians of per-round paired ratios"
        context.seconds = ReportEntry.finite(report.seconds)
        context.peerBuilds = report.peerBuilds
        context.storeTrials = report.storeTrials.map { trial in
            // The report's outputs have rows padded to a cache line.
            let size = report.synthetic.first {
                BGRABuffer.alignedStride(width: $0.size.width) * $0.size.height == trial.bytes
            }?.size
            return ReportContext.StoreTrial(
                bytes: trial.bytes, stores: trial.stores.rawValue,
                cachedMedianMicros: ReportEntry.finite(Double(trial.cachedMedian) / 1000),
                streamingMedianMicros: ReportEntry.finite(Double(trial.streamingMedian) / 1000), checks: trial.checks,
                changes: trial.changes, size: size.map { "\($0)" })
        }
        return context
    }

    /// The record of `run`, which timed nothing, at `position` among the
    /// runs of its mode.
    private static func notMeasured(_ run: StreamRun, position: Int) -> NotMeasuredStream {
        NotMeasuredStream(
            file: run.path, mode: run.mode.rawValue, position: position, codec: run.codec?.rawValue,
            track: run.track?.number, converter: run.converter, passes: run.passes, error: run.error,
            expectedFailure: run.expectedBad)
    }

    /// An entry with Google Benchmark's fields.
    private static func base(name: String, iterations: Int, realTime: Double, cpuTime: Double?, samples: [Double])
        -> ReportEntry
    {
        ReportEntry(
            name: name, samples: thinned(samples).map { compact($0 / 1000) }, iterations: iterations,
            realTime: realTime / 1000, cpuTime: cpuTime.map { $0 / 1000 })
    }

    /// A synthetic or scaling cell's entry as the document keeps it: its
    /// samples and per-round ratios thinned to `maximumSamples` and rounded
    /// to 5 significant digits, as the stream entries' are.
    private static func written(_ entry: ReportEntry) -> ReportEntry {
        var entry = entry
        entry.samples = thinned(entry.samples).map(compact)
        entry.ratioSamplesToLibyuv = entry.ratioSamplesToLibyuv.map { thinned($0).map(compact) }
        entry.ratioSamplesToFloor = entry.ratioSamplesToFloor.map { thinned($0).map(compact) }
        return entry
    }

    /// The decode, convert and whole-frame entries of one stream run; a
    /// pipelined run's `frame` entry has its speed-up over `serial`, the
    /// serial run of the same file.
    private static func entries(_ run: StreamRun, serial: StreamRun? = nil) -> [ReportEntry] {
        let file = VectorFiles.fileName(run.path)
        /// `entry` with the run's shared fields.
        func shared(_ entry: ReportEntry) -> ReportEntry {
            var entry = entry
            entry.file = run.path
            entry.mode = run.mode.rawValue
            entry.codec = run.codec?.rawValue
            entry.track = run.track?.number
            entry.converter = run.converter
            entry.frames = run.frames
            entry.passes = run.passes
            entry.timestampsMonotonic = run.timestampsMonotonic
            entry.timestampViolations = run.timestamps.violations.map(\.frame.index)
            entry.timestampViolationKinds = run.timestamps.violations.map {
                $0.kind == .backwards ? "backwards" : "duplicate"
            }
            entry.gaps = run.timestamps.gaps.map(\.frame.index)
            entry.deliveryMonotonic = run.deliveryBackwardsAt == nil
            entry.deliveryBackwardsAt = run.deliveryBackwardsAt
            entry.inOrder = run.inOrder
            entry.expectedFailure = run.expectedBad
            entry.error = run.error
            return entry
        }
        var result: [ReportEntry] = []
        let parts: [(EntryName.StreamPart, [Double], [Double])] = [
            (.decode, run.decodeTimes, []), (.convert, run.convertTimes, run.convertRatiosToDecode),
            (.latency, run.latencies, run.latencyRatiosToDecode),
        ]
        for (part, times, ratios) in parts {
            guard let distribution = Distribution(times) else { continue }
            var entry = base(
                name: EntryName.stream(mode: run.mode.rawValue, file: file, part: part).description,
                iterations: distribution.count,
                realTime: distribution.median, cpuTime: nil, samples: times)
            if !ratios.isEmpty { entry.ratioSamplesToDecode = thinned(ratios).map { compact($0) } }
            entry.p50 = ReportEntry.finite(distribution.median / 1000)
            entry.p99 = ReportEntry.finite(distribution.p99 / 1000)
            entry.max = ReportEntry.finite(distribution.max / 1000)
            result.append(shared(entry))
        }
        if run.frames > 0 {
            let perPass = run.passSeconds.map { $0 * 1e9 / Double(run.frames) }
            var entry = base(
                name: EntryName.stream(mode: run.mode.rawValue, file: file, part: .frame).description,
                iterations: run.frames * run.passes,
                realTime: Distribution(perPass)?.median ?? 0, cpuTime: nil, samples: perPass)
            entry.realTimeStatistic = "median over passes of the pass's time ÷ its frames"
            let ratios = run.passRatiosToDecode
            if !ratios.isEmpty { entry.ratioSamplesToDecode = thinned(ratios).map { compact($0) } }
            entry.framesPerSecond = ReportEntry.finite(run.framesPerSecond)
            if let serial {
                (entry.speedUpOverSerial, entry.speedUpOverSerialInterval) = ReportEntry.figures(
                    RatioEstimate(paired: serial.passSeconds, over: run.passSeconds))
            }
            result.append(shared(entry))
        }
        return result
    }

    /// A ratio with its interval as `median [lower,upper]`, two decimals; `-` without one.
    private static func shown(_ ratio: EntryRatio?) -> String {
        guard let ratio else { return "-" }
        return String(format: "%.2f [%.2f,%.2f]", ratio.median, ratio.lower, ratio.upper)
    }

    /// At most `maximumSamples` of `values`, evenly spaced (all of them when fewer).
    private static func thinned(_ values: [Double]) -> [Double] {
        guard values.count > maximumSamples else { return values }
        return (0..<maximumSamples).map { values[$0 * values.count / maximumSamples] }
    }

    /// `value` rounded to 5 significant digits (compact JSON).
    private static func compact(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return 0 }
        let scale = pow(10, 5 - ceil(log10(abs(value))))
        return (value * scale).rounded() / scale
    }

}
