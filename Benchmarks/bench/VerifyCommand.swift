import ArgumentParser
import Conformance
import Converters
import Frames
import Measurement
import ReportRun
import Streams

/// `bench verify PATH...`: conformance of IVF files, one line per file.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Conformance of IVF files, one line per file.",
        discussion: """
            For each IVF file (a directory: its *.ivf files): decode, compare frame MD5s with FILE.ivf.md5 \
            when present, check every converter is bit-exact with libyuv on every frame (and libyuv with \
            the golden BGRA MD5s when present; with --orientation, converting into it, libyuv by its rotate and \
            mirror passes; a converter that does not offer it is skipped, not failed), check shown-frame timestamps only go forward. Prints \
            '<file>  pass' or '<file>  FAIL: <check> at frame <n> (...)' (n: 0-based shown frame), then \
            'N passed, M failed'. Files named bad-ts-* have broken timestamps on purpose: they pass when \
            the timestamp check, and nothing else, fails them ('expected failure'). Exit 1 if anything failed.
            """)

    @Argument(help: "IVF files or directories of them.")
    var paths: [String]

    @Option(help: "The colour matrix.")
    var matrix: ColorMatrix = .bt601

    @Option(
        help:
            "Check the converters converting into this orientation (docs/orientation.md; the golden BGRA MD5s are upright, so they are checked only upright)."
    )
    var orientation: Orientation = .upright

    @Option(
        help: ArgumentHelp(
            "Comma-separated converters to check (libyuv is the reference).",
            valueName: ConverterRegistry.knownNames.joined(separator: ",")))
    var converters: String?

    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("verify needs at least one PATH") }
        _ = try ConverterSelection.parse(converters)
    }

    func run() throws {
        let files = VectorFiles.expand(paths)
        let session = try PluginSession.prepare(
            plugins.paths, sizes: PluginSession.sizes(of: files), orientations: [orientation], matrix: matrix)
        let converters = ReportRun.withPlugins(try ConverterSelection.parse(converters), session.converters)
        let verifier = StreamVerifier(converters: converters, matrix: matrix, orientation: orientation)
        var passed = 0
        var failed = 0
        var expectedFailures = 0
        var deviations: [String: Deviation] = [:]
        let width = files.map(\.count).max() ?? 0
        for file in files {
            let verdict = verifier.verify(file)
            let line: String
            if VectorFiles.isExpectedBad(file) {
                let asExpected = verdict.failedOnlyTimestamps
                if asExpected { expectedFailures += 1 }
                line =
                    asExpected
                    ? "expected failure: " + verdict.summary
                    : verdict.passed ? "FAIL: passed, but its timestamps are broken on purpose" : verdict.summary
                if asExpected { passed += 1 } else { failed += 1 }
            } else {
                line = verdict.summary
                if verdict.passed { passed += 1 } else { failed += 1 }
            }
            for (name, deviation) in verdict.deviations { deviations[name, default: Deviation()].add(deviation) }
            Output.line(file.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + line)
        }
        if files.isEmpty { Output.error("no IVF files in \(paths.joined(separator: " "))") }
        for (name, deviation) in deviations.sorted(by: { $0.key < $1.key }) {
            let tolerance = ConverterRegistry.tolerance(of: name, matrix: matrix).map(String.init) ?? "-"
            Output.line("\(name) (peer, tolerance \(tolerance)) over every frame: \(deviation.summary)")
        }
        Output.line(
            "\(passed) passed, \(failed) failed"
                + (expectedFailures > 0 ? " (\(expectedFailures) passed as expected failures)" : ""))
        if failed > 0 || files.isEmpty || session.hadFailures { throw ExitCode(1) }
    }
}
