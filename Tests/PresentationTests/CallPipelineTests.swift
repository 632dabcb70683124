import CallSimulation
import Containers
import Converters
import Frames
import Measurement
import Presentation
import Statistics
import Synchronization
import TestSupport
import Testing

/// A `ManualClock` that may be shared between threads: waiting jumps to
/// the deadline, work advances the time; no real time passes.
final class SharedManualClock: PresentationClock, Sendable {
    private let time = Mutex<UInt64>(0)

    func now() -> UInt64 { time.withLock { $0 } }

    func wait(until deadline: UInt64) { time.withLock { $0 = max($0, deadline) } }

    func advance(by nanoseconds: UInt64) { time.withLock { $0 += nanoseconds } }
}

/// A participant's stream whose frames cost given times on a fake clock
/// (a dropped frame costs `decodeOnly`), and which fails at `failAt`.
final class CostedSource: CallFrameSource {
    let size = FrameSize(width: 16, height: 16)
    let clock: SharedManualClock
    let costs: [UInt64]
    let decodeOnly: UInt64
    let failAt: Int?
    var frame = 0

    init(clock: SharedManualClock, costs: [UInt64], decodeOnly: UInt64 = 0, failAt: Int? = nil) {
        self.clock = clock
        self.costs = costs
        self.decodeOnly = decodeOnly
        self.failAt = failAt
    }

    func nextFrame(convert: Bool) throws -> MediaTime {
        defer { frame += 1 }
        if frame == failAt { throw CallSetupError("broken packet") }
        clock.advance(by: convert ? costs[frame % costs.count] : decodeOnly)
        return MediaTime(value: Int64(frame) * 100, timebase: Timebase(numerator: 1, denominator: 1000)!)
    }
}

private let ms: UInt64 = 1_000_000

@Suite("bench call: schedules, late and dropped frames (CallPipelineTests)")
struct CallPipelineTests {
    static let request = CallTileRequest(count: 1, size: FrameSize(width: 16, height: 16))

    static func participant(
        _ index: Int, clock: SharedManualClock, costs: [UInt64], frames: Int, fps: Double = 10,
        decodeOnly: UInt64 = 0, failAt: Int? = nil, phase: UInt64 = 0
    ) -> CallParticipant {
        CallParticipant(
            index: index, request: request, vector: "",
            source: CostedSource(clock: clock, costs: costs, decodeOnly: decodeOnly, failAt: failAt),
            timeline: CallTimeline(start: 0, phase: phase, fps: fps, frames: frames))
    }

    @Test("serial: a frame finishing after the next is due is late; one not started by then is dropped")
    func lateAndDropped() {
        let clock = SharedManualClock()
        // 10 fps: frames due at 0, 100, 200, ... ms.
        let costs = [10, 150, 10, 250, 10, 10].map { $0 * ms }
        let participant = Self.participant(0, clock: clock, costs: costs, frames: 6, decodeOnly: 5 * ms)
        participant.runSerially(clock: clock)
        let records = participant.records
        #expect(records.map(\.outcome) == [.onTime, .late, .onTime, .late, .dropped, .onTime])
        #expect(records.map(\.latency) == [10 * ms, 150 * ms, 60 * ms, 250 * ms, nil, 65 * ms])
        let figures = participant.report().figures
        #expect((figures.due, figures.onTime, figures.late, figures.dropped) == (6, 3, 2, 1))
        #expect(figures.latency?.max == Double(250 * ms))
        // Hand-offs at 10, 250, 260, 550, (dropped), 565 ms: no gap above 3 × 100 ms.
        #expect(figures.freezes == 0)
    }

    @Test("serial: a gap above the freeze threshold (3 frame intervals) is one freeze")
    func freeze() {
        let clock = SharedManualClock()
        let participant = Self.participant(0, clock: clock, costs: [10 * ms, 10 * ms, 400 * ms, 10 * ms], frames: 4)
        participant.runSerially(clock: clock)
        // Hand-offs at 10, 110, 600, 610 ms: the 490 ms gap exceeds 300 ms.
        #expect(participant.report().figures.freezes == 1)
    }

    @Test("shared: ticks wait for the largest phase; a failing participant stops alone")
    func sharedTicks() {
        let clock = SharedManualClock()
        let phases = (0..<3).map { CallTimeline.phase(ofParticipant: $0) }
        #expect(phases == [0, 500_000, 1_000_000])
        let participants = (0..<3).map {
            Self.participant($0, clock: clock, costs: [0], frames: 5, failAt: $0 == 1 ? 2 : nil, phase: phases[$0])
        }
        CallRun.runShared(participants, frames: 5, start: 0, fps: 10, clock: clock) { count, body in
            for i in 0..<count { body(i) }
        }
        #expect(participants[0].records.count == 5)
        #expect(participants[2].records.count == 5)
        #expect(participants[1].records.count == 2)
        #expect(participants[1].error == "frame 2: broken packet")
        // Participant 0 is due at the period's start, the tick comes 1 ms later.
        #expect(participants[0].records.allSatisfy { $0.latency == 1 * ms && $0.outcome == .onTime })
        #expect(participants[2].records.allSatisfy { $0.latency == 0 })
    }

    @Test("tile lists parse N×WxH and NxWxH; nearest vector for a size without one")
    func parsingAndVectors() throws {
        #expect(
            CallTileRequest.list(parsing: "2x176x144,3×320x180")
                == [
                    CallTileRequest(count: 2, size: FrameSize(width: 176, height: 144)),
                    CallTileRequest(count: 3, size: FrameSize(width: 320, height: 180)),
                ])
        for bad in ["", "0x176x144", "2x176", "2x176x144,", "ax1x1"] {
            #expect(CallTileRequest.list(parsing: bad) == nil)
        }
        for codec in Codec.allCases {
            let exact = try CallVectors.choose(
                FrameSize(width: 640, height: 360), codec: codec, directory: TestPaths.ownVectorsDirectory)
            #expect(exact.exact && exact.size == FrameSize(width: 640, height: 360))
            #expect(try ContainerFile.open(path: exact.path).track.codec == codec, "\(exact.path)")
            let near = try CallVectors.choose(
                FrameSize(width: 352, height: 288), codec: codec, directory: TestPaths.ownVectorsDirectory)
            #expect(!near.exact && near.size == FrameSize(width: 320, height: 180))  // nearest by area
        }
    }

    @Test(
        "capacity by CPU cost: on a clock that moves 10 µs a reading, decoding and each conversion cost 10 µs a frame, so a core serves 10⁶ ÷ (30 × 20) tiles at 30 fps"
    )
    func cpuCostOnAFakeClock() throws {
        let readings = Mutex<UInt64>(0)
        let clock: @Sendable () -> UInt64 = {
            readings.withLock {
                $0 += 10_000
                return $0
            }
        }
        let cost = try CallCPUCost.measure(
            size: FrameSize(width: 320, height: 180), directory: TestPaths.ownVectorsDirectory,
            converters: ["simd", "libyuv"], minimumFrames: 12, cpuClock: clock)
        #expect(cost.frames >= 12 && cost.vector.hasSuffix("vp8-rt-320x180.ivf"))
        #expect(cost.decode == CallCPUCost.Figure(mean: 10, interval: 10...10))
        #expect(cost.convert["simd"] == cost.decode && cost.convert["libyuv"] == cost.decode)
        let tiles = try #require(cost.tilesPerCore("simd", fps: 30))
        #expect(abs(tiles.estimate - 1e6 / (30 * 20)) < 1e-9 && tiles.interval == tiles.estimate...tiles.estimate)
        #expect(cost.tilesPerCore("lut", fps: 30) == nil)
    }

    @Test(
        "a cost figure: the mean, and the sign-test interval of the median of ten block means (x(2) ... x(9) of ten: 97.9 % coverage, as the binomial gives)"
    )
    func costFigure() throws {
        let figure = try #require(CallCPUCost.Figure(nanoseconds: (1...20).map { Double($0) * 1000 }))
        // Blocks of two frames: 1.5, 3.5, ..., 19.5 µs.
        #expect(figure.mean == 10.5 && figure.interval == 3.5...17.5)
        // 29 frames still make ten blocks (of 2 or 3 frames): nine block means of 1 µs and one of 11; the
        // interval x(2) ... x(9) is 1 ... 1, widened to the mean, 59/29 µs.
        let uneven = try #require(CallCPUCost.Figure(nanoseconds: Array(repeating: 1000, count: 28) + [31_000]))
        #expect(abs(uneven.mean - 59.0 / 29) < 1e-12 && uneven.interval.lowerBound == 1)
        #expect(abs(uneven.interval.upperBound - 59.0 / 29) < 1e-12)
        #expect(CallCPUCost.Figure(nanoseconds: []) == nil)
    }

    @Test("tiles per core: the estimate from the means, the interval from the figures' other ends")
    func tilesPerCoreArithmetic() throws {
        let cost = CallCPUCost(
            size: FrameSize(width: 320, height: 180), vector: "v.ivf", frames: 300,
            decode: CallCPUCost.Figure(mean: 138, interval: 130...150),
            convert: ["simd": CallCPUCost.Figure(mean: 14, interval: 12...16)])
        let tiles = try #require(cost.tilesPerCore("simd", fps: 30))
        #expect(abs(tiles.estimate - 1e6 / (30 * 152)) < 1e-9)
        #expect(abs(tiles.interval.lowerBound - 1e6 / (30 * 166)) < 1e-9)
        #expect(abs(tiles.interval.upperBound - 1e6 / (30 * 142)) < 1e-9)
    }

    @Test("capacity: doubling then bisection finds the largest passing count")
    func capacitySearch() throws {
        let base = CallConfiguration(tiles: [])
        let capacity = try CallCapacity.find(
            size: FrameSize(width: 320, height: 180), converter: "simd", base: base, maximumProbes: 20
        ) { configuration in
            let tiles = configuration.tiles.reduce(0) { $0 + $1.count }
            return CallCapacity.Probe(tiles: tiles, passed: tiles <= 13, late: 0, dropped: 0, cpuUtilisation: 0)
        }
        #expect(capacity.tiles == 13 && capacity.exact)
        #expect(capacity.probes.map(\.tiles) == [1, 2, 4, 8, 16, 12, 14, 13])
        let capped = try CallCapacity.find(
            size: FrameSize(width: 320, height: 180), converter: "simd", base: base, maximumProbes: 3
        ) { CallCapacity.Probe(tiles: $0.tiles[0].count, passed: true, late: 0, dropped: 0, cpuUtilisation: 0) }
        #expect(capped.tiles == 4 && !capped.exact)
    }

    @Test("real call, both schedules: every participant's frames accounted for", arguments: CallSchedule.allCases)
    func realCall(_ schedule: CallSchedule) throws {
        let configuration = CallConfiguration(
            tiles: [CallTileRequest(count: 3, size: FrameSize(width: 176, height: 144))], fps: 30, seconds: 0.3,
            schedule: schedule, vectorDirectory: TestPaths.ownVectorsDirectory)
        let run = try CallRun.run(configuration)
        #expect(run.tiles.count == 3)
        for tile in run.tiles {
            #expect(tile.error == nil)
            #expect(tile.figures.due == 9)
            #expect(tile.figures.onTime + tile.figures.late + tile.figures.dropped == 9)
        }
        #expect(run.overall.due == 27)
    }

    @Test("a real call in every codec decodes that codec's stream", arguments: Codec.allCases)
    func realCallPerCodec(_ codec: Codec) throws {
        let configuration = CallConfiguration(
            tiles: [CallTileRequest(count: 2, size: FrameSize(width: 320, height: 180))], fps: 30, seconds: 0.2,
            codec: codec, vectorDirectory: TestPaths.ownVectorsDirectory)
        let run = try CallRun.run(configuration)
        #expect(run.tiles.count == 2)
        for tile in run.tiles {
            #expect(tile.error == nil, "\(codec): \(tile.error ?? "")")
            #expect(try ContainerFile.open(path: tile.vector).track.codec == codec, "\(tile.vector)")
            #expect(tile.figures.onTime + tile.figures.late + tile.figures.dropped == tile.figures.due)
        }
    }

    @Test("a truncated stream fails mid-call alone; the media times of a loop keep increasing")
    func failureMidCall() throws {
        let path = TestPaths.ownVectorsDirectory + "/size-176x144.ivf"
        let bytes = try CallVectors.bytes(path)
        let fifth = IVFBuild.packets(of: bytes)[4].offset
        let truncated = Array(bytes[..<(fifth + 20)])
        let configuration = CallConfiguration(
            tiles: [CallTileRequest(count: 2, size: FrameSize(width: 176, height: 144))], fps: 60, seconds: 1)
        let start = Clock.monotonic() + 20_000_000
        let participants = try (0..<2).map { index in
            CallParticipant(
                index: index, request: configuration.tiles[0], vector: path,
                source: try LoopingVectorStream(
                    bytes: index == 0 ? truncated : bytes, converter: ConverterRegistry.make("simd")!),
                timeline: CallTimeline(
                    start: start, phase: CallTimeline.phase(ofParticipant: index), fps: 60, frames: 60))
        }
        let run = CallRun.run(configuration, participants: participants, start: start)
        #expect(run.tiles[0].error?.hasPrefix("\(path): frame 4: ") == true, "\(run.tiles[0].error ?? "none")")
        #expect(run.tiles[0].figures.due == 4)
        #expect(run.tiles[1].error == nil && run.tiles[1].figures.due == 60)
        let times = run.tiles[1].records.map(\.mediaTime)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("a vector whose packet time leaves a day of the first is refused at set-up, naming the packet")
    func farPacketTime() throws {
        var bytes = try CallVectors.bytes(TestPaths.ownVectorsDirectory + "/size-176x144.ivf")
        let third = IVFBuild.packets(of: bytes)[2].offset
        for byte in 0..<8 { bytes[third + 4 + byte] = byte == 7 ? 0x7F : 0xFF }  // pts Int64.max
        #expect {
            try LoopingVectorStream(bytes: bytes, converter: ConverterRegistry.make("simd")!)
        } throws: { error in
            "\(error)".hasPrefix("packet 3 at byte \(third): ")
        }
    }

    @Test("a vector that shows no frame stops its participant with an error instead of looping for ever")
    func noShownFrame() throws {
        var bytes = try CallVectors.bytes(TestPaths.ownVectorsDirectory + "/size-176x144.ivf")
        // Bit 4 of a VP8 frame's first byte is its show_frame flag (RFC 6386, 9.1).
        for (offset, _) in IVFBuild.packets(of: bytes) { bytes[offset + 12] &= ~0x10 }
        let stream = try LoopingVectorStream(bytes: bytes, converter: ConverterRegistry.make("simd")!)
        #expect(throws: CallSetupError.self) { _ = try stream.nextFrame(convert: true) }
    }
}
