import ArgumentParser
import ConverterChecks
import Converters
import Foundation
import Frames
import Measurement
import Streams

extension CheckKind: ExpressibleByArgument {}

/// `bench check`: checkasm for converters, every check of every selected
/// converter (built-in or from a plug-in) in its own child process.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check converters (built-in or plug-in) against libyuv, each in a child process.",
        discussion: """
            Checks per converter: exhaustive (all 256³ (y,u,v) triples per matrix, upright), sizes (widths \
            1...67 at heights 1, 2, 3, 16, 17, padded strides, canaries after each destination row), \
            over-read (planes ending at a guard page), frames (every frame of Vectors/, of \
            $FRAMEBENCH_VP8_VECTORS or ../shared/vp8-test-vectors, and of each --vectors, first matrix), \
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

    @Option(help: "More IVF files or directories for the frames check (repeatable).")
    var vectors: [String] = []

    @Option(help: "Pass a case when no byte is more than N levels from libyuv's (0...255); report the deviation.")
    var tolerance: Int?

    @Option(help: "Seconds a case may run before it counts as hung (\(Self.timeLimits)).")
    var timeLimit = 10.0

    @Option(help: "Write the outcomes as JSON here.")
    var json: String?

    /// The allowed `--time-limit` values.
    static let timeLimits = 0.1...3600

    func validate() throws {
        try Limits.check(tolerance, in: 0...255, "--tolerance")
        try Limits.check(timeLimit, in: Self.timeLimits, "--time-limit")
        try OutputPath.check(json, "--json")
        if plugins.paths.isEmpty {
            for name in converters where !ConverterRegistry.knownNames.contains(name) {
                throw ValidationError(
                    "unknown converter '\(name)' (\(ConverterRegistry.knownNames.joined(separator: ", ")), or one of a --plugin)"
                )
            }
        }
    }

    func run() throws {
        let isolation = IsolatedCheck.bench(caseTimeout: timeLimit)
        let pluginNames: [String]
        do {
            pluginNames = try isolation.probe(plugins: plugins.paths).map(\.name)
        } catch {
            Output.error(error.description)
            throw ExitCode(1)
        }
        let available = ConverterRegistry.knownNames + pluginNames
        for name in converters where !available.contains(name) {
            throw ValidationError("unknown converter '\(name)' (\(available.joined(separator: ", ")))")
        }
        let selected =
            converters.isEmpty ? ConverterRegistry.names + pluginNames : available.filter(converters.contains)
        var options = CheckOptions()
        if !matrices.isEmpty { options.matrices = ColorMatrix.allCases.filter(matrices.contains) }
        if !orientations.isEmpty {
            options.orientations = Orientation.allCases.filter { orientations.map(\.orientation).contains($0) }
        }
        options.tolerance = tolerance
        options.vectorFiles = try vectorFiles()
        let kinds = checks.isEmpty ? CheckKind.allCases : CheckKind.allCases.filter(checks.contains)

        var outcomes: [CheckOutcome] = []
        let nameWidth = selected.map(\.count).max() ?? 0
        let checkWidth = kinds.map(\.rawValue.count).max() ?? 0
        for converter in selected {
            for kind in kinds {
                let outcome = isolation.check(kind, converter: converter, plugins: plugins.paths, options: options)
                outcomes.append(outcome)
                Output.line(
                    converter.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                        + kind.rawValue.padding(toLength: checkWidth, withPad: " ", startingAt: 0) + "  "
                        + outcome.verdict)
                fflush(nil)
            }
        }
        let passed = outcomes.filter { $0.status == .pass }.count
        let failed = outcomes.filter { $0.status == .fail }.count
        Output.line("\(passed) passed, \(failed) failed")
        var status: Int32 = failed > 0 ? 1 : 0
        if let json {
            status = max(status, ReportCommand.write(CheckJSON.render(outcomes, options: options), to: json))
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// The IVF files of the frames check: Vectors/ and the official
    /// vectors when their directories exist, and every --vectors path.
    /// - Throws: `ExitCode(1)` after one line when a --vectors path does not exist.
    func vectorFiles() throws -> [String] {
        let official = ProcessInfo.processInfo.environment["FRAMEBENCH_VP8_VECTORS"] ?? "../shared/vp8-test-vectors"
        var paths = [VectorFiles.defaultDirectory, official].filter(VectorFiles.directoryExists)
        for path in vectors {
            guard FileManager.default.fileExists(atPath: path) else {
                Output.error("--vectors \(path): no such file or directory")
                throw ExitCode(1)
            }
            paths.append(path)
        }
        return VectorFiles.expand(paths)
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

/// The JSON file of `bench check --json`.
enum CheckJSON {
    /// `{"matrices": [...], "orientations": [...], "tolerance": N|null,
    /// "results": [{"converter", "check", "status", "detail"}], "passed": N, "failed": M}`.
    static func render(_ outcomes: [CheckOutcome], options: CheckOptions) -> String {
        struct Document: Encodable {
            let matrices: [String]
            let orientations: [String]
            let tolerance: Int?
            let results: [CheckOutcome]
            let passed: Int
            let failed: Int
        }
        let document = Document(
            matrices: options.matrices.map(\.name), orientations: options.orientations.map(\.name),
            tolerance: options.tolerance, results: outcomes, passed: outcomes.filter { $0.status == .pass }.count,
            failed: outcomes.filter { $0.status == .fail }.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(document), as: UTF8.self) + "\n"
    }
}
