import ArgumentParser
import Conformance
import Converters
import Foundation
import Frames
import Measurement
import Presentation
import ReportRendering
import ReportRun
import Reports
import Streams

/// `bench present FILE... [--stamping P] [--scenario S] [--converter NAME] [--json [FILE]]`:
/// each file decoded, converted, delivered under a scenario and stamped as
/// an app stamps sample buffers for display, with the presented sequence's checks.
struct PresentCommand: ParsableCommand, WritesDocument {
    static let configuration = CommandConfiguration(
        commandName: "present",
        abstract: "Frames as an app presents them: stamping policies under delivery scenarios.",
        discussion: """
            For each stream file (IVF, WebM, Matroska, MP4 or raw H.264; a directory: its stream files), \
            its first video track or --track N: decode, convert to BGRA, deliver under the \
            scenario (flat-out: as fast as possible; realtime: each packet at its media time; pause=S: \
            presentation stops for S s a third of the way in, then the backlog is presented; pause-drop=S: \
            only the newest held frame is presented on resume; jitter=MS: arrivals delayed by up to MS ms, \
            seeded) and stamp each hand-off (host-ms: host seconds at timescale 1000, duration 1 s; host: \
            host ns, duration to the next presentation; stream: media time anchored at the first \
            presentation, duration to the next shown frame). One line per file: presented/shown, lost, \
            duplicate and regressing presentation times, non-positive durations, overlaps, freezes (gaps \
            above max(150 ms, 3 x the mean frame interval)), late frames (presented more than one frame \
            interval after arrival) and arrival-to-presentation latency p50/p99 in microseconds. Exit 1 \
            when a presentation time is not strictly increasing, a frame is lost in a scenario that does \
            not drop frames by design, or a file cannot be decoded.
            """)

    @Argument(help: "Stream files or directories of them.")
    var paths: [String]

    @Option(help: "Which video track of a WebM, Matroska or MP4 file (1-based; default: the first).")
    var track: Int?

    @Option(help: "How each frame is stamped (host-ms, host, stream).")
    var stamping: StampingPolicy = .stream

    @Option(help: ArgumentHelp("How frames are delivered.", valueName: ScenarioArgument.format))
    var scenario = ScenarioArgument(argument: "flat-out")!

    @Option(help: "The seed of jitter=MS.")
    var seed: UInt64 = 1

    @OptionGroup var converter: ConverterOption

    @Option(help: "The layout frames are converted from: i420 (software decoder) or nv12 (VideoToolbox, repacked).")
    var layout: ChromaLayout = .i420

    @Option(
        defaultAsFlag: DocumentDestination.standardOutput, parsing: .next,
        help: ArgumentHelp("Also write the results as JSON to FILE." + DocumentDestination.help, valueName: "FILE"))
    var json: DocumentDestination? = nil

    func validate() throws {
        if paths.isEmpty { throw ValidationError("present needs at least one FILE") }
        if let track { try Limits.check(track, in: Limits.tracks, "--track") }
        if case .file(let path) = json,
            paths.contains(path) || VectorFiles.streamExtensions.contains(where: path.lowercased().hasSuffix)
        {
            throw ValidationError(
                "--json \(path): that is an input; write the JSON file after --json, or --json last for standard output"
            )
        }
        try json?.check("--json")
    }

    func run() throws {
        let files = VectorFiles.expand(paths)
        guard !files.isEmpty else {
            Output.error("no stream files in \(paths.joined(separator: " "))")
            throw ExitCode(1)
        }
        guard let frameConverter = ConverterRegistry.make(converter.name) else {
            throw ValidationError("unknown converter '\(converter.name)'")
        }
        let scenario = scenario.scenario(seed: seed)
        Output.line(
            "present: stamping \(stamping), scenario \(scenario)"
                + (scenario.isPaced ? " (real time: about the streams' durations)" : "")
                + ", converter \(converter.name)")
        let runs = files.map {
            PresentationRun.run(
                path: $0, trackNumber: track, converter: frameConverter, layout: layout, scenario: scenario,
                policy: stamping)
        }
        for run in runs {
            if let note = run.track?.ignoredTracksNote { Output.error("\(run.path): \(note)") }
        }
        for line in PresentTable.lines(runs.map(PresentationFigures.init)) { Output.line(line) }
        for run in runs { if let failure = run.failure { Output.line("\(run.path): FAIL: \(failure)") } }
        let failed = runs.filter { !$0.passed }.count
        Output.line("\(runs.count - failed) passed, \(failed) failed")
        if let json {
            try json.write(
                try PresentationDocument(
                    stamping: stamping.rawValue, scenario: scenario.description, seed: seed, converter: converter.name,
                    layout: layout.rawValue, files: runs.map(PresentationFigures.init)
                ).json())
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
