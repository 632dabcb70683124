import Foundation

/// The document `bench call --json` writes: the call's figures per
/// participant and overall, and each converter's capacity with its probes.
public struct CallDocument: Encodable {
    /// Counts and latencies (nanoseconds, nearest rank).
    struct Figures: Encodable {
        let due: Int
        let onTime: Int
        let late: Int
        let dropped: Int
        let freezes: Int
        let latencyP50Nanoseconds: Double?
        let latencyP99Nanoseconds: Double?
        let latencyMaxNanoseconds: Double?

        init(_ figures: CallFigures) {
            due = figures.due
            onTime = figures.onTime
            late = figures.late
            dropped = figures.dropped
            freezes = figures.freezes
            latencyP50Nanoseconds = figures.latency?.median
            latencyP99Nanoseconds = figures.latency?.p99
            latencyMaxNanoseconds = figures.latency?.max
        }
    }

    /// One participant.
    struct Tile: Encodable {
        let participant: Int
        let requestedSize: String
        let streamSize: String
        let vector: String
        let figures: Figures
        let error: String?
    }

    /// The call.
    struct Run: Encodable {
        let tiles: [Tile]
        let overall: Figures
        let fps: Double
        let seconds: Double
        let converter: String
        let schedule: String
        let layout: String
        let codec: String
        let wallSeconds: Double
        let cpuSeconds: Double
        let cores: Int
        let cpuUtilisation: Double
    }

    /// A mean with its interval.
    struct Figure: Encodable {
        let mean: Double
        let interval: [Double]

        init(_ figure: CallCPUCost.Figure) {
            mean = figure.mean
            interval = [figure.interval.lowerBound, figure.interval.upperBound]
        }
    }

    /// A frame's CPU cost, microseconds.
    struct CPUCost: Encodable {
        let decode: Figure
        let convert: Figure
    }

    /// Tiles per core by CPU cost.
    struct TilesPerCore: Encodable {
        let estimate: Double
        let interval: [Double]
    }

    /// The real-time probes: what scheduling on this machine allowed.
    struct Scheduling: Encodable {
        let tiles: Int
        let exact: Bool
        let probes: [CallCapacity.Probe]
    }

    /// One converter's capacity.
    struct Capacity: Encodable {
        let converter: String
        let size: String
        let fps: Double
        let layout: String
        let codec: String
        let cpuMicrosecondsPerFrame: CPUCost?
        let tilesPerCoreByCPU: TilesPerCore?
        let scheduling: Scheduling

        enum CodingKeys: String, CodingKey {
            case converter, size, fps, layout, codec, scheduling
            case cpuMicrosecondsPerFrame = "cpu_us_per_frame"
            case tilesPerCoreByCPU = "tiles_per_core_by_cpu"
        }
    }

    let call: Run?
    let capacity: [Capacity]

    /// The document of `run` (nil when no call was run) and `capacities`.
    public init(run: CallRun?, capacities: [CallCapacity]) {
        call = run.map { run in
            Run(
                tiles: run.tiles.map {
                    Tile(
                        participant: $0.participant, requestedSize: "\($0.request.size)",
                        streamSize: "\($0.streamSize)", vector: $0.vector, figures: Figures($0.figures),
                        error: $0.error)
                },
                overall: Figures(run.overall), fps: run.configuration.fps, seconds: run.configuration.seconds,
                converter: run.configuration.converter, schedule: run.configuration.schedule.rawValue,
                layout: run.configuration.layout.rawValue, codec: run.configuration.codec.rawValue,
                wallSeconds: run.wallSeconds, cpuSeconds: run.cpuSeconds,
                cores: run.cores,
                cpuUtilisation: run.cpuUtilisation)
        }
        capacity = capacities.map { capacity in
            Capacity(
                converter: capacity.converter, size: "\(capacity.size)", fps: capacity.fps,
                layout: capacity.layout.rawValue, codec: capacity.codec.rawValue,
                cpuMicrosecondsPerFrame: capacity.cpuCost.flatMap { cost in
                    cost.convert[capacity.converter].map { CPUCost(decode: Figure(cost.decode), convert: Figure($0)) }
                },
                tilesPerCoreByCPU: capacity.tilesPerCoreByCPU.map {
                    TilesPerCore(estimate: $0.estimate, interval: [$0.interval.lowerBound, $0.interval.upperBound])
                },
                scheduling: Scheduling(tiles: capacity.tiles, exact: capacity.exact, probes: capacity.probes))
        }
    }

    /// Pretty-printed JSON with sorted keys.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
