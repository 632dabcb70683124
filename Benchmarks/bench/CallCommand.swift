import ArgumentParser
import CallSimulation
import Conformance
import Containers
import Foundation
import Frames
import Measurement
import ReportRendering
import Reports
import Streams

extension CallSchedule: ExpressibleByArgument {}

extension Codec: ExpressibleByArgument {}

/// A `--tiles` value: `N×WxH[,N×WxH...]`.
struct TileList: ExpressibleByArgument {
    /// The requests, in order.
    let requests: [CallTileRequest]

    /// The requests in `argument`; nil when malformed.
    init?(argument: String) {
        guard let requests = CallTileRequest.list(parsing: argument) else { return nil }
        self.requests = requests
    }

    /// How a value looks, for help texts.
    static let format = "N×WxH[,N×WxH...]"
}

/// `bench call --tiles N×WxH[,...] [--codec vp8|vp9|av1|h264] [--fps F] [--seconds S]
/// [--converter NAME] [--schedule per-stream|shared] [--find-capacity WxH]
/// [--json [FILE]]`: a group call's load on this machine.
struct CallCommand: ParsableCommand, WritesDocument {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract:
            "A group call's load: N concurrent VP8, VP9 or AV1 participants decoded, converted and stamped in real time.",
        discussion: """
            Each participant loops the project's own real-time stream of --codec at its tile size \
            (Vectors/vp8-rt-WxH.ivf, Vectors/vp9/vp9-rt-WxH.ivf, Vectors/av1/av1-rt-WxH.ivf: constant bitrate, \
            error-resilient, at 320x180, 640x360 and 1280x720; the nearest size when there is none: its real \
            size is shown), fresh decoder each loop, media times increasing across loops. Frame \
            k is due at start + k/F plus a per-participant phase of (index mod 8) x 0.5 ms; participant i of n \
            starts i x (the vector's shown frames) / n frames into its vector, so keyframes do not coincide. \
            per-stream: a thread per participant sleeping to each due time; shared: one tick per frame period \
            running every participant's frame on concurrentPerform. A frame is on time when converted before the participant's next frame is \
            due, late after that, dropped when not started by then (it is still decoded, as a reference, but \
            not converted). Latency is due to converted; freezes are Presentation's (gaps above max(150 ms, \
            3 x the frame interval), stream stamping); CPU is process CPU time / wall time / cores. \
            --find-capacity WxH: the largest tile count with no late or dropped frame, for simd and libyuv \
            (doubling, then bisection; --probe-seconds each, at most --probes probes per converter). Exit 1 \
            when a participant failed.
            """)

    @Option(help: ArgumentHelp("The participants.", valueName: TileList.format))
    var tiles: TileList?

    @Option(help: "Frames a second of every participant (1...240).")
    var fps: Double = 30

    @Option(help: "The call's length in seconds (0.1...600).")
    var seconds: Double = 5

    @OptionGroup var converter: ConverterOption

    @Option(help: "The codec every participant sends: vp8, vp9, av1 or h264.")
    var codec: Codec = .vp8

    @Option(help: "per-stream: a thread per participant; shared: a concurrentPerform per tick.")
    var schedule: CallSchedule = .perStream

    @Option(help: ArgumentHelp("Find how many tiles of this size keep up, for simd and libyuv.", valueName: "WxH"))
    var findCapacity: String?

    @Option(help: "Seconds of each capacity probe (0.1...60).")
    var probeSeconds: Double = 2

    @Option(help: "Probes per converter at most (1...20).")
    var probes: Int = 10

    @Option(help: "The layout participants' frames arrive in: i420 (software decoder) or nv12 (VideoToolbox).")
    var layout: ChromaLayout = .i420

    @Option(help: "The directory of the call vectors (vp8-rt-WxH.ivf, vp9/vp9-rt-WxH.ivf, av1/av1-rt-WxH.ivf).")
    var vectors: String = VectorFiles.defaultDirectory

    @Option(
        defaultAsFlag: DocumentDestination.standardOutput, parsing: .next,
        help: ArgumentHelp("Also write the results as JSON to FILE." + DocumentDestination.help, valueName: "FILE"))
    var json: DocumentDestination? = nil

    func validate() throws {
        if tiles == nil && findCapacity == nil { throw ValidationError("call needs --tiles or --find-capacity") }
        try Limits.check(fps, in: 1.0...240, "--fps")
        try Limits.check(seconds, in: 0.1...600, "--seconds")
        try Limits.check(probeSeconds, in: 0.1...60, "--probe-seconds")
        try Limits.check(probes, in: 1...20, "--probes")
        if let findCapacity, FrameSize(parsing: findCapacity) == nil {
            throw ValidationError("--find-capacity must be WxH with sides 1...16384, not '\(findCapacity)'")
        }
        if let tiles, tiles.requests.reduce(0, { $0 + $1.count }) > CallTileRequest.maximumCount {
            throw ValidationError("--tiles asks for more than \(CallTileRequest.maximumCount) participants")
        }
        guard VectorFiles.directoryExists(vectors) else {
            throw ValidationError("--vectors \(vectors): no such directory")
        }
        try json?.check("--json")
    }

    func run() throws {
        let base = CallConfiguration(
            tiles: tiles?.requests ?? [], fps: fps, seconds: seconds, converter: converter.name, schedule: schedule,
            codec: codec, vectorDirectory: vectors, layout: layout)
        let date = ReportContext.date(Date())
        let run: CallRun?
        let capacities: [CallCapacity]
        do {
            run = try tiles.map { _ in try simulate(base) }
            capacities =
                try findCapacity.flatMap(FrameSize.init(parsing:)).map { try capacity(of: $0, base: base) } ?? []
        } catch let error as CallSetupError {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        if let json {
            let context = ReportContext(machine: MachineInfo.current(), date: date)
            try json.write(ReportDocument(context: context, run: run, capacities: capacities).json())
        }
        if let run, run.tiles.contains(where: { $0.error != nil }) { throw ExitCode(1) }
    }

    /// The call `base` describes, run and printed.
    func simulate(_ base: CallConfiguration) throws -> CallRun {
        Output.line(
            "call: \(base.tiles.map(\.description).joined(separator: ",")) at \(Format.fixed(fps, 0)) fps "
                + "for \(Format.fixed(seconds, 1)) s, \(codec), converter \(converter.name), schedule \(schedule)")
        let run = try CallRun.run(base)
        for line in CallTable.lines(run) { Output.line(line) }
        return run
    }

    /// The capacity for `size` tiles of each compared converter, found and printed.
    func capacity(of size: FrameSize, base: CallConfiguration) throws -> [CallCapacity] {
        Output.line(
            "capacity: \(size) \(codec) at \(Format.fixed(fps, 0)) fps, \(Format.fixed(probeSeconds, 1)) s probes, "
                + "schedule \(schedule)")
        return try CallCapacity.compared(size: size, base: base, probeSeconds: probeSeconds, maximumProbes: probes) {
            for line in CallTable.capacityLines($0) { Output.line(line) }
        }
    }
}
