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
        let wallSeconds: Double
        let cpuSeconds: Double
        let cores: Int
        let cpuUtilisation: Double
    }

    /// One probe of a capacity search.
    struct Probe: Encodable {
        let tiles: Int
        let passed: Bool
        let late: Int
        let dropped: Int
        let cpuUtilisation: Double
    }

    /// One converter's capacity.
    struct Capacity: Encodable {
        let converter: String
        let size: String
        let tiles: Int
        let exact: Bool
        let probes: [Probe]
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
                wallSeconds: run.wallSeconds, cpuSeconds: run.cpuSeconds, cores: run.cores,
                cpuUtilisation: run.cpuUtilisation)
        }
        capacity = capacities.map { capacity in
            Capacity(
                converter: capacity.converter, size: "\(capacity.size)", tiles: capacity.tiles, exact: capacity.exact,
                probes: capacity.probes.map {
                    Probe(
                        tiles: $0.tiles, passed: $0.passed, late: $0.late, dropped: $0.dropped,
                        cpuUtilisation: $0.cpuUtilisation)
                })
        }
    }

    /// Pretty-printed JSON with sorted keys.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
