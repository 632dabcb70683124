import Containers
import Converters
import Dispatch
import Foundation
import Frames
import Measurement
import Presentation
import Statistics

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
        tiles: [CallTileRequest], fps: Double = 30, seconds: Double = 5,
        converter: String = ConverterRegistry.streamDefaultName,
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

    /// How long after the set-up the first frame is due.
    public static let lead: UInt64 = 20_000_000
    /// The extra time allowed per participant to start its thread before the first frame is due.
    public static let leadPerParticipant: UInt64 = 2_000_000

    /// Runs `configuration` on the monotonic clock with real waiting. Each
    /// participant's stream is set up and readied (`CallStagger.ready`:
    /// skipped ahead, one frame converted); the first frame is due `lead`
    /// plus `leadPerParticipant` per participant after the last is ready.
    /// - Throws: `CallSetupError` when the converter is unknown or a tile has no usable vector.
    public static func run(_ configuration: CallConfiguration) throws -> CallRun {
        guard ConverterRegistry.make(configuration.converter) != nil else {
            throw CallSetupError("unknown converter '\(configuration.converter)'")
        }
        var seats: [Seat] = []
        for request in configuration.tiles {
            let choice = try CallVectors.choose(
                request.size, codec: configuration.codec, directory: configuration.vectorDirectory)
            let recording = try CallVectors.recording(choice.path)
            let counted = try? LoopingVectorStream(
                recording: recording, converter: ConverterRegistry.make(configuration.converter)!,
                layout: configuration.layout)
            let shown = counted.flatMap(CallStagger.shownFramesPerPass(of:))
            let seat = Seat(request: request, vector: choice.path, recording: recording, shown: shown)
            seats += Array(repeating: seat, count: request.count)
        }
        let (start, participants) = try seated(seats[...], configuration: configuration)
        return run(configuration, participants: participants, start: start)
    }

    /// A participant to set up: its request, its vector and the shown frames of a pass over it.
    private struct Seat {
        let request: CallTileRequest
        let vector: String
        let recording: PacketRecording
        let shown: Int?
    }

    /// The participants of `seats` (numbered by their index in the call),
    /// each stream set up and readied, and the start of their
    /// timelines. Recursive, so that each stream stays a local until its
    /// participant takes it (`CallParticipant` takes it as `sending`, which
    /// a value kept in an array cannot be).
    private static func seated(
        _ seats: ArraySlice<Seat>, configuration: CallConfiguration
    ) throws -> (start: UInt64, participants: [CallParticipant]) {
        let count = seats.endIndex
        guard let seat = seats.first else {
            return (Clock.monotonic() + lead + UInt64(count) * leadPerParticipant, [])
        }
        let index = seats.startIndex
        let source: LoopingVectorStream
        do {
            source = try LoopingVectorStream(
                recording: seat.recording, converter: ConverterRegistry.make(configuration.converter)!,
                layout: configuration.layout)
            try CallStagger.ready(source, participant: index, of: count, shownFramesPerPass: seat.shown)
        } catch {
            throw CallSetupError("\(seat.vector): \(error)")
        }
        let (start, rest) = try seated(seats.dropFirst(), configuration: configuration)
        let timeline = CallTimeline(
            start: start, phase: CallTimeline.phase(ofParticipant: index), fps: configuration.fps,
            frames: configuration.frames)
        let participant = CallParticipant(
            index: index, request: seat.request, vector: seat.vector, source: source, timeline: timeline)
        return (start, [participant] + rest)
    }

    /// Runs `participants` (whose timelines start at `start`) under the
    /// configuration's schedule on the monotonic clock.
    public static func run(
        _ configuration: CallConfiguration, participants: [CallParticipant], start: UInt64
    ) -> CallRun {
        let clock = MonotonicClock()
        let cpuBefore = Clock.processCPU()
        let wallBefore: UInt64
        switch configuration.schedule {
        case .perStream:
            // Started now, each thread sleeps until its participant's first frame is due.
            let threads = CallThreads(participants) { $0.runSerially(clock: clock) }
            clock.wait(until: start)
            wallBefore = Clock.monotonic()
            threads.join()
        case .shared:
            clock.wait(until: start)
            wallBefore = Clock.monotonic()
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
