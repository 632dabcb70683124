import ArgumentParser
import Conformance
import Containers
import ConverterChecks
import Converters
import Foundation
import Frames
import Measurement
import Presentation
import ReportRendering
import ReportRun
import Reports
import Streams

/// `bench report` (also what a bare `bench` runs): the performance report.
struct ReportCommand: ParsableCommand, WritesDocument {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "The performance report (what a bare 'bench' runs).",
        discussion: """
            Synthetic frames at 176x144, 320x180, 640x360, 640x480, 1280x720 and 1920x1080 (plus, without --orientation, a \
            mirrored 640x480 and a 1280x720 turned 90 degrees, at the sizes measured), I420 or in each \
            --layout (an NV12 cell is named with nv12, and the report says what NV12 costs next to I420), through every \
            converter and the memory floors, interleaved per frame in a balanced order (passing their outputs \
            along between stretches of rounds): per-frame latency (median, p90, p99, \
            max), Mpixel/s, GB/s, time ÷ libyuv, ÷ floor and ÷ scalar (medians of per-round paired ratios \
            with their 95 % intervals), bit-exactness with libyuv. Then every IVF file of Vectors/ (VP8), \
            \(VectorFiles.defaultOtherCodecStreams.map { "Vectors/" + $0 }.joined(separator: ", ")) and each \
            --vectors end to end: decode and convert latency, shown-frame timestamps, gaps, delivery. \
            See docs/measurements.md.
            """)

    @Option(help: ArgumentHelp("Add synthetic frame sizes (repeatable).", valueName: SizeList.format))
    var sizes: [SizeList] = []

    @Option(help: ArgumentHelp("Measure only these synthetic sizes.", valueName: SizeList.format))
    var onlySizes: SizeList?

    @Option(help: "The colour matrix.")
    var matrix: ColorMatrix = .bt601

    @Option(
        help: ArgumentHelp(
            "Convert every synthetic size into each of these orientations, comma-separated (docs/orientation.md: "
                + Orientation.allValueStrings.joined(separator: ", ")
                + "), instead of the default cells.",
            valueName: OrientationList.format))
    var orientation: OrientationList?

    @Option(
        help: ArgumentHelp(
            "Measure every synthetic cell in each of these source layouts, comma-separated (default: i420).",
            valueName: LayoutList.format))
    var layout: LayoutList?

    @Option(
        help: ArgumentHelp(
            "Measure the layouts of --layout after the first only at these sizes (default: every size).",
            valueName: SizeList.format))
    var layoutSizes: SizeList?

    @Option(
        help: ArgumentHelp(
            "Comma-separated converters to measure, built-in or of a --plugin (libyuv always runs).",
            valueName: ConverterRegistry.knownNames.joined(separator: ",")))
    var converters: String?

    @Option(help: "Threads for the parallel converter (\(Limits.threads); default: all cores).")
    var threads: Int?

    @Option(help: "More stream files (any container) or directories for the end-to-end section (repeatable).")
    var vectors: [String] = []

    @Option(help: "Which video track of each --vectors file to read (1-based; default: the first).")
    var track: Int?

    @Flag(help: "No end-to-end section (not even Vectors/).")
    var noVectors = false

    @Option(help: "The converter used end to end.")
    var streamConverter = ConverterName(argument: ConverterRegistry.streamDefaultName)!

    @Flag(help: "Also decode frame N+1 while frame N converts (Dispatch queues).")
    var pipeline = false

    @Flag(help: "No presentation section (stamping policies under delivery scenarios on two of Vectors/).")
    var noPresentation = false

    @Flag(help: "Parallel converter time by thread count and frame size.")
    var scaling = false

    @Option(
        help:
            "Idle 1/FPS s before each timed synthetic and scaling conversion, as between a call's frames (\(Limits.pace)); the idle time counts in --seconds."
    )
    var pace: Double?

    @Option(
        help: """
            Measuring time per size once --min-frames are done (\(Limits.seconds); default \
            \(Format.fixed(RunBudget().seconds, 1)), or less under the default --deadline).
            """)
    var seconds: Double?

    @Option(
        help: """
            Seconds the whole report aims to end within (\(Limits.deadline); 0: none; default \
            \(Format.fixed(ReportPlan.defaultDeadline, 0)) unless --seconds is given): the synthetic cells, \
            measured last, share what the other sections leave, each at most --seconds.
            """)
    var deadline: Double?

    @Option(help: "Frames per cell at least (\(Limits.frames)).")
    var minFrames = RunBudget().minFrames

    @Option(help: "Frames per cell at most (\(Limits.frames)).")
    var maxFrames = RunBudget().maxFrames

    @Option(help: "Untimed rounds first (\(Limits.warmup)).")
    var warmup = RunBudget().warmupRounds

    @Option(
        defaultAsFlag: DocumentDestination.standardOutput, parsing: .next,
        help: ArgumentHelp(
            "Write Google Benchmark-style JSON to FILE (schema in docs/measurements.md)." + DocumentDestination.help,
            valueName: "FILE"))
    var json: DocumentDestination? = nil

    @Option(help: "Write a self-contained HTML page with charts here.")
    var html: String?

    @Flag(help: "No progress line, even on a terminal.")
    var quiet = false

    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        try ConverterName.requireAvailable([streamConverter.name])
        try Limits.check(threads, in: Limits.threads, "--threads")
        try Limits.check(pace, in: Limits.pace, "--pace")
        if let seconds { try Limits.check(seconds, in: Limits.seconds, "--seconds") }
        if let deadline { try Limits.check(deadline, in: Limits.deadline, "--deadline") }
        try Limits.check(minFrames, in: Limits.frames, "--min-frames")
        try Limits.check(maxFrames, in: Limits.frames, "--max-frames")
        try Limits.check(warmup, in: Limits.warmup, "--warmup")
        if maxFrames < minFrames {
            throw ValidationError("--max-frames (\(maxFrames)) is below --min-frames (\(minFrames))")
        }
        if noVectors && !vectors.isEmpty { throw ValidationError("--no-vectors contradicts --vectors") }
        if let track {
            try Limits.check(track, in: Limits.tracks, "--track")
            if vectors.isEmpty { throw ValidationError("--track chooses the track of --vectors files; none given") }
        }
        // A plug-in's converter names are known once it is loaded (run()).
        if plugins.paths.isEmpty { _ = try ConverterSelection.parse(converters, threads: 1) }
        try json?.check("--json")
        try OutputPath.check(html, "--html")
    }

    /// The options as the measurement needs them.
    func options() throws -> ReportPlan {
        var options = ReportPlan()
        if let onlySizes { options.sizes = onlySizes.sizes }
        for size in sizes.flatMap(\.sizes) where !options.sizes.contains(size) { options.sizes.append(size) }
        options.matrix = matrix
        options.orientations = orientation?.values
        if let layout { options.layouts = layout.values }
        options.laterLayoutSizes = layoutSizes?.sizes
        options.threads = threads
        do {
            options.vectors =
                noVectors
                ? []
                : try VectorFiles.distinct(
                    VectorFiles.defaultPaths.map { StreamFile(path: $0) }
                        + vectors.map { StreamFile(path: $0, track: track) })
        } catch {
            throw ValidationError("--vectors: \(error)")
        }
        options.streamConverter = streamConverter.name
        options.pipeline = pipeline
        options.scaling = scaling
        options.presentation = !noPresentation && !noVectors
        if let pace { options.budget.idleGap = 1 / pace }
        options.budget.seconds = seconds ?? RunBudget().seconds
        // A --seconds asked for is measured as asked unless a --deadline is too.
        options.deadline = deadline.map { $0 > 0 ? $0 : nil } ?? (seconds == nil ? ReportPlan.defaultDeadline : nil)
        options.budget.minFrames = minFrames
        options.budget.maxFrames = maxFrames
        options.budget.warmupRounds = warmup
        return options
    }

    /// Runs the report: prints the tables, writes the files asked for.
    /// Exits 1 when a file cannot be written, an input file could not be
    /// read or decoded (other than the deliberately broken `bad-ts-*` ones)
    /// or a converter failed a synthetic cell (one refusing it is skipped).
    func run() throws {
        var options = try options()
        // Oriented cells also convert upright (each converter's upright twin).
        let session = try PluginSession.prepare(
            plugins.paths, sizes: options.sizes, orientations: [.upright] + options.cells.map(\.orientation),
            matrix: options.matrix)
        let pluginNames = session.names
        options.converters = try ConverterSelection.parse(converters, threads: 1, pluginNames: pluginNames).map(\.name)
        let wanted = ConverterSelection.names(converters)
        options.pluginConverters = session.converters.filter { wanted?.contains($0.name) ?? true }
        if MachineInfo.isDebugBuild {
            Output.line(
                "DEBUG BUILD: timings are not representative (use 'swift run -c release bench'); converters are built -O, the harness is not"
            )
        }
        let progress = Progress(quiet: quiet)
        let report = try ReportRun.measure(options, announce: Output.line, progress: progress.update)
        progress.clear()
        let document = ReportDocument(report)
        for line in TextReport.lines(document) { Output.line(line) }
        var status: Int32 = session.hadFailures ? 1 : 0
        if let json {
            do { try json.write(try document.json()) } catch { status = 1 }
        }
        if let path = Supervisor.recordPath {
            let evidence = WitnessedReport(document: document, converters: session.converters)
            do { try JSONEncoder().encode(evidence).write(to: URL(fileURLWithPath: path)) } catch { status = 1 }
        }
        if let html { status = max(status, Self.write(HTMLReport.render(document), to: html)) }
        for note in report.trackNotes { Output.error(note) }
        for fault in report.faults { Output.error(fault) }
        if !report.faults.isEmpty { status = 1 }
        if status != 0 { throw ExitCode(status) }
    }

    /// Writes `text` to `path`; returns 0, or prints the error and returns 1.
    static func write(_ text: String, to path: String) -> Int32 {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return 0
        } catch {
            Output.error("cannot write \(path): \(FileErrors.reason(error))")
            return 1
        }
    }
}
