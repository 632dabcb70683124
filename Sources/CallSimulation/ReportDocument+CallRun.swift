import Reports

extension ReportDocument {
    /// The document `bench call --json` writes: `context`, no entries, the
    /// call `run` (nil when none was run) and `capacities` (empty when none
    /// was looked for).
    public init(context: ReportContext, run: CallRun?, capacities: [CallCapacity]) {
        self.init(context: context, benchmarks: [], call: run.map(Call.init), capacity: capacities.map(Capacity.init))
    }
}

extension ReportDocument.Call {
    /// The figures of `run`.
    public init(_ run: CallRun) {
        let configuration = run.configuration
        self.init(
            tiles: run.tiles.map {
                Tile(
                    participant: $0.participant, requestedSize: "\($0.request.size)", streamSize: "\($0.streamSize)",
                    vector: $0.vector, figures: Figures($0.figures), error: $0.error)
            },
            overall: Figures(run.overall), fps: configuration.fps, seconds: configuration.seconds,
            converter: configuration.converter, schedule: configuration.schedule.rawValue,
            layout: configuration.layout.rawValue, codec: configuration.codec.rawValue, wallSeconds: run.wallSeconds,
            cpuSeconds: run.cpuSeconds, cores: run.cores, cpuUtilisation: run.cpuUtilisation)
    }
}

extension ReportDocument.Call.Figures {
    /// The counts and latencies of `figures`.
    public init(_ figures: CallFigures) {
        self.init(
            due: figures.due, onTime: figures.onTime, late: figures.late, dropped: figures.dropped,
            freezes: figures.freezes, latencyP50Nanoseconds: figures.latency?.median,
            latencyP99Nanoseconds: figures.latency?.p99, latencyMaxNanoseconds: figures.latency?.max)
    }
}

extension ReportDocument.Capacity {
    /// The figures of `capacity`: its probes, and its CPU cost when measured.
    public init(_ capacity: CallCapacity) {
        self.init(
            converter: capacity.converter, size: "\(capacity.size)", fps: capacity.fps,
            layout: capacity.layout.rawValue, codec: capacity.codec.rawValue,
            cpuMicrosecondsPerFrame: capacity.cpuCost.flatMap { cost in
                cost.convert[capacity.converter].map {
                    CPUCost(
                        decode: CPUCost.Figure(mean: cost.decode.mean, interval: cost.decode.interval),
                        convert: CPUCost.Figure(mean: $0.mean, interval: $0.interval))
                }
            },
            tilesPerCoreByCPU: capacity.tilesPerCoreByCPU.map {
                TilesPerCore(estimate: $0.estimate, interval: $0.interval)
            },
            scheduling: Scheduling(tiles: capacity.tiles, exact: capacity.exact, probes: capacity.probes))
    }
}

extension ReportDocument.Capacity.Probe {
    /// The probe of `run` (its tile count summed over its requests).
    public init(_ run: CallRun) {
        self.init(
            tiles: run.configuration.tiles.reduce(0) { $0 + $1.count }, passed: run.keptUp,
            late: run.overall.late, dropped: run.overall.dropped, cpuUtilisation: run.cpuUtilisation)
    }
}
