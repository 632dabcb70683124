import ArgumentParser
import Containers
import ConverterChecks
import Converters
import Foundation
import Frames
import Measurement
import Streams

extension CheckKind: ExpressibleByArgument {}

/// `bench check`: checkasm for converters, every check of every selected
/// converter (built-in or from a plug-in) in its own child process.
struct CheckCommand: ParsableCommand, WritesDocument {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check converters (built-in or plug-in) against libyuv, each in a child process.",
        discussion: """
            Checks per converter: exhaustive (all 256³ (y,u,v) triples per matrix, upright), sizes (widths \
            1...67 at heights 1, 2, 3, 4, 7, 16, 17, 33 and a 1283x723 frame, padded strides, canaries \
            after each destination row), over-read (source planes and the destination ending at a guard \
            page), frames (every frame of Vectors/, of $FRAMEBENCH_VP8_VECTORS or \
            ../shared/vp8-test-vectors, and of each --vectors: every orientation in the first matrix, \
            upright in the others), \
            threads (thread-safe converters on several threads at once) and speed (time ÷ libyuv and ÷ \
            the memory floor at 640x480 and 1280x720, paired, 95 % intervals; informational). Every case \
            but exhaustive and speed runs for each --orientation. A crash is reported as 'crashed \
            (SIGSEGV) at CASE', a case over --time-limit as 'timed out at CASE'. Prints one line per \
            converter and check, then 'N passed, M failed'; exit 1 on any failure. See docs/plugins.md.
            """)

    @OptionGroup var plugins: PluginOptions

    @Option(name: .customLong("converter"), help: "Check only this converter (repeatable; default: all).")
    var converters: [String] = []

    @Option(name: .customLong("check"), help: "Run only this check (repeatable; default: all).")
    var checks: [CheckKind] = []

    @Option(name: .customLong("matrix"), help: "Check this matrix (repeatable; default: all six).")
    var matrices: [ColorMatrix] = []

    @Option(name: .customLong("orientation"), help: "Check this orientation (repeatable; default: all eight).")
    var orientations: [OrientationArgument] = []

    @Option(help: "Check with source frames in these layouts, \(LayoutList.format) (default: i420).")
    var layout: LayoutList?

    @Option(help: "More stream files (any container) or directories for the frames check (repeatable).")
    var vectors: [String] = []

    @Option(help: "Which video track of each --vectors file to read (1-based; default: the first).")
    var track: Int?

    @Option(help: "Pass a case when no byte is more than N levels from libyuv's (0...255); report the deviation.")
    var tolerance: Int?

    @Option(help: "Seconds a case may run before it counts as hung (\(Self.timeLimits)).")
    var timeLimit = 10.0

    @Option(
        defaultAsFlag: DocumentDestination.standardOutput, parsing: .next,
        help: ArgumentHelp("Write the outcomes as JSON to FILE." + DocumentDestination.help, valueName: "FILE"))
    var json: DocumentDestination? = nil

    /// The allowed `--time-limit` values.
    static let timeLimits = 0.1...3600

    func validate() throws {
        try Limits.check(tolerance, in: 0...255, "--tolerance")
        try Limits.check(timeLimit, in: Self.timeLimits, "--time-limit")
        try json?.check("--json")
        if let track {
            try Limits.check(track, in: Limits.tracks, "--track")
            if vectors.isEmpty { throw ValidationError("--track chooses the track of --vectors files; none given") }
        }
        if plugins.paths.isEmpty {
            for name in converters where !ConverterRegistry.knownNames.contains(name) {
                throw ValidationError(
                    "unknown converter '\(name)' (\(ConverterRegistry.knownNames.joined(separator: ", ")), or one of a --plugin)"
                )
            }
        }
        try ConverterName.requireAvailable(converters)
    }

    func run() throws {
        let isolation = IsolatedCheck.bench(caseTimeout: timeLimit)
        let selection: CheckRun.Selection
        do { selection = try CheckRun.select(converters, plugins: plugins.paths, isolation: isolation) } catch {
            if let unknown = error as? CheckRun.UnknownConverter { throw ValidationError(unknown.description) }
            Output.error("\(error)")
            throw ExitCode(1)
        }
        let selected = selection.converters + selection.unloaded.map(\.name)
        let kinds = checks.isEmpty ? CheckKind.allCases : CheckKind.allCases.filter(checks.contains)
        let layouts = layout?.values ?? [.i420]
        let labels = layouts.flatMap { layout in kinds.map { CheckOutcome.label($0, layout) } }
        let widths = (selected.map(\.count).max() ?? 0, labels.map(\.count).max() ?? 0)
        let run = CheckRun(selection, kinds: kinds, layouts: layouts, options: try options(), isolation: isolation) {
            Output.line(Self.line($0, widths: widths))
            fflush(nil)
        }
        Output.line("\(run.passed) passed, \(run.failed) failed")
        var status: Int32 = run.failed > 0 ? 1 : 0
        if let json {
            do { try json.write(run.json()) } catch { status = 1 }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// The selected matrices, orientations, tolerance and vector files.
    func options() throws -> CheckOptions {
        var options = CheckOptions()
        if !matrices.isEmpty { options.matrices = ColorMatrix.allCases.filter(matrices.contains) }
        if !orientations.isEmpty {
            options.orientations = Orientation.allCases.filter { orientations.map(\.orientation).contains($0) }
        }
        options.tolerance = tolerance
        options.vectorFiles = try vectorFiles()
        return options
    }

    /// `CONVERTER  CHECK  VERDICT`, the first two padded to `widths`.
    static func line(_ outcome: CheckOutcome, widths: (Int, Int)) -> String {
        outcome.converter.padding(toLength: widths.0, withPad: " ", startingAt: 0) + "  "
            + outcome.checkLabel.padding(toLength: widths.1, withPad: " ", startingAt: 0) + "  " + outcome.verdict
    }

    /// The stream files of the frames check: Vectors/ and the official
    /// vectors when their directories exist (their first track), and
    /// every --vectors path (its --track). Says once for each --vectors
    /// file that holds other tracks that they are ignored; a file that
    /// cannot be opened is left for the frames check to report.
    /// - Throws: `ExitCode(1)` after one line when a --vectors path does not exist.
    func vectorFiles() throws -> [StreamFile] {
        let official = ProcessInfo.processInfo.environment["FRAMEBENCH_VP8_VECTORS"] ?? "../shared/vp8-test-vectors"
        let defaults = [VectorFiles.defaultDirectory, official].filter(VectorFiles.directoryExists)
        for path in vectors where !FileManager.default.fileExists(atPath: path) {
            Output.error("--vectors \(path): no such file or directory")
            throw ExitCode(1)
        }
        let named = VectorFiles.expand(vectors.map { StreamFile(path: $0, track: track) })
        for file in named {
            let note = (try? ContainerFile.open(path: file.path, trackNumber: file.track))?.track.ignoredTracksNote
            if let note { Output.error("\(file.path): \(note)") }
        }
        return VectorFiles.expand(defaults).map { StreamFile(path: $0) } + named
    }
}

/// An orientation on the command line, by name (`upright`, `rotate90`, ...).
struct OrientationArgument: ExpressibleByArgument {
    /// The orientation.
    let orientation: Orientation

    /// The orientation named `argument`, or nil.
    init?(argument: String) {
        guard let orientation = Orientation(name: argument) else { return nil }
        self.orientation = orientation
    }

    /// Every orientation's name.
    static var allValueStrings: [String] { Orientation.allCases.map(\.name) }
}
