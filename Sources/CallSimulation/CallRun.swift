import Containers
import Converters
import Dispatch
import Foundation
import Frames
import Measurement
import Presentation

#if canImport(Glibc)
import Glibc
import Streams
#endif

/// What a call runs: its tiles, rate, length, converter, schedule and codec.
public struct CallConfiguration: Sendable {
    /// The tiles, in order (participants are numbered across them).
    public var tiles: [CallTileRequest]
    /// Frames a second of every participant.
    public var fps: Double
    /// The call's length in seconds.
    public var seconds: Double
    /// The converter's name (`ConverterRegistry`).
    public var converter: String
    /// How participants are scheduled.
    public var schedule: CallSchedule
    /// The codec every participant sends (`CallVectors` picks its streams).
    public var codec: Codec
    /// Where the vectors are.
    public var vectorDirectory: String
    /// The layout participants' frames arrive in: I420 from a software
    /// decoder, NV12 from a hardware one (VideoToolbox).
    public var layout: ChromaLayout

    /// A configuration with all its fields.
    public init(
        tiles: [CallTileRequest], fps: Double = 30, seconds: Double = 5, converter: String = "simd",
        schedule: CallSchedule = .perStream, codec: Codec = .vp8,
        vectorDirectory: String = VectorFiles.defaultDirectory, layout: ChromaLayout = .i420
    ) {
        self.codec = codec
        self.layout = layout
        self.tiles = tiles
        self.fps = fps
        self.seconds = seconds
        self.converter = converter
        self.schedule = schedule
        self.vectorDirectory = vectorDirectory
    }

    /// Frames due per participant: ⌊seconds × fps⌋, at least 1.
    public var frames: Int { max(1, Int((seconds * fps).rounded(.down))) }
}

/// A group call's load: every participant's frames due at their arrival
/// times, decoded, converted and stamped; per tile and overall figures.
public struct CallRun: Sendable {
    /// What ran.
    public let configuration: CallConfiguration
    /// Per participant.
    public let tiles: [CallTileReport]
    /// Over every participant (freezes summed).
    public let overall: CallFigures
    /// Wall time of the call, seconds.
    public let wallSeconds: Double
    /// Process CPU time during the call, seconds.
    public let cpuSeconds: Double
    /// Online cores.
    public let cores: Int

    /// CPU time ÷ wall time ÷ cores.
    public var cpuUtilisation: Double { wallSeconds > 0 ? cpuSeconds / wallSeconds / Double(max(1, cores)) : 0 }

    /// Whether no frame was late or dropped and no participant failed.
    public var keptUp: Bool { overall.late == 0 && overall.dropped == 0 && tiles.allSatisfy { $0.error == nil } }

    /// How long the participants get to set up before the first frame is due.
    public static let lead: UInt64 = 20_000_000
    /// The extra setup time allowed per participant (its decoder and its scan of the vector).
    public static let leadPerParticipant: UInt64 = 2_000_000

    /// Runs `configuration` on the monotonic clock with real waiting.
    /// - Throws: `CallSetupError` when the converter is unknown or a tile has no usable vector.
    public static func run(_ configuration: CallConfiguration) throws -> CallRun {
        guard ConverterRegistry.make(configuration.converter) != nil else {
            throw CallSetupError("unknown converter '\(configuration.converter)'")
        }
        var vectors: [(CallTileRequest, CallVectors.Choice, [UInt8])] = []
        for request in configuration.tiles {
            let choice = try CallVectors.choose(
                request.size, codec: configuration.codec, directory: configuration.vectorDirectory)
            vectors.append((request, choice, try CallVectors.bytes(choice.path)))
        }
        let count = configuration.tiles.reduce(0) { $0 + $1.count }
        let start = Clock.monotonic() + lead + UInt64(count) * leadPerParticipant
        var participants: [CallParticipant] = []
        for (request, choice, bytes) in vectors {
            for _ in 0..<request.count {
                let index = participants.count
                let timeline = CallTimeline(
                    start: start, phase: CallTimeline.phase(ofParticipant: index), fps: configuration.fps,
                    frames: configuration.frames)
                let source: LoopingVectorStream
                do {
                    source = try LoopingVectorStream(
                        bytes: bytes, converter: ConverterRegistry.make(configuration.converter)!,
                        layout: configuration.layout)
                } catch {
                    throw CallSetupError("\(choice.path): \(error)")
                }
                participants.append(
                    CallParticipant(
                        index: index, request: request, vector: choice.path, source: source, timeline: timeline))
            }
        }
        return run(configuration, participants: participants, start: start)
    }

    /// Runs `participants` (whose timelines start at `start`) under the
    /// configuration's schedule on the monotonic clock.
    public static func run(
        _ configuration: CallConfiguration, participants: [CallParticipant], start: UInt64
    ) -> CallRun {
        let clock = MonotonicClock()
        let cpuBefore = Clock.processCPU()
        clock.wait(until: start)
        let wallBefore = Clock.monotonic()
        switch configuration.schedule {
        case .perStream:
            let group = DispatchGroup()
            for participant in participants {
                let queue = DispatchQueue(label: "framebench.call.participant.\(participant.index)")
                queue.async(group: group) { participant.runSerially(clock: MonotonicClock()) }
            }
            group.wait()
        case .shared:
            runShared(participants, frames: configuration.frames, start: start, fps: configuration.fps, clock: clock) {
                count, body in
                DispatchQueue.concurrentPerform(iterations: count, execute: body)
            }
        }
        let wall = Double(Clock.monotonic() - wallBefore) / 1e9
        let cpu = Double(Clock.processCPU() - cpuBefore) / 1e9
        let reports = participants.map { $0.report() }
        let overall = CallFigures(
            records: reports.flatMap(\.records), freezes: reports.reduce(0) { $0 + $1.figures.freezes })
        return CallRun(
            configuration: configuration, tiles: reports, overall: overall, wallSeconds: wall, cpuSeconds: cpu,
            cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// The `shared` schedule: for each frame period k, waits on `clock` for
    /// the tick (`start` + the largest phase + k / fps), then runs frame k
    /// of every participant still going through `perform(count, body)`
    /// (`concurrentPerform` in real runs, where `clock` is the stateless
    /// monotonic clock; a serial loop over a fake clock in tests).
    public static func runShared<C: PresentationClock & Sendable>(
        _ participants: [CallParticipant], frames: Int, start: UInt64, fps: Double, clock: C,
        perform: (Int, @Sendable (Int) -> Void) -> Void
    ) {
        let ticks = CallTimeline(
            start: start, phase: CallTimeline.largestPhase(participants: participants.count), fps: fps, frames: frames)
        for k in 0..<frames {
            clock.wait(until: ticks.due(k))
            let active = participants.filter { !$0.stopped }
            if active.isEmpty { return }
            perform(active.count) { i in active[i].step(k, clock: clock) }
        }
    }
}
