import ArgumentParser
import Conformance
import Containers
import ConverterChecks
import Converters
import Frames
import Measurement
import Streams

/// `bench verify PATH...`: conformance of IVF files, one line per file.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Conformance of stream files, one line per file.",
        discussion: """
            For each stream file (VP8, VP9, AV1 or H.264 in IVF, WebM, Matroska, MP4 or Annex B; a directory: its \
            stream files), its first video track or --track N: decode, compare frame MD5s with FILE.EXT.md5 when present and with the frames the codec's second decoder makes of the same packets \
            (libvpx against FFmpeg's native vp8/vp9, dav1d against libaom, FFmpeg's h264 against OpenH264 on \
            baseline: 'witness <decoder>'), check every converter is bit-exact with libyuv on every frame (and libyuv with \
            the golden BGRA MD5s when present; with --orientation, converting into it, libyuv by its rotate and \
            mirror passes; a converter that does not offer it is skipped, not failed), check shown-frame timestamps only go forward. Prints \
            '<file>  pass' or '<file>  FAIL: <check> at frame <n> (...)' (n: 0-based shown frame), then \
            'N passed, M failed'. Files named bad-ts-* have broken timestamps on purpose: they pass when \
            the timestamp check, and nothing else, fails them ('expected failure'). A --plugin converter is never \
            loaded here: each file is converted by it in a child process, frame by frame, and judged here against \
            libyuv ('FAIL: plug-in NAME (...)' when it crashes, hangs or differs). Exit 1 if anything failed.
            """)

    @Argument(help: "Stream files or directories of them.")
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

    @Option(help: "Verify converting frames in these layouts, \(LayoutList.format) (default: i420).")
    var layout: LayoutList?

    @Option(help: "Which video track of a WebM, Matroska or MP4 file (1-based; default: the first).")
    var track: Int?

    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("verify needs at least one PATH") }
        if let track { try Limits.check(track, in: Limits.tracks, "--track") }
        _ = try ConverterSelection.parse(converters)
    }

    func run() throws {
        let files = VectorFiles.expand(paths)
        let isolation = IsolatedCheck.bench()
        let plugins: [(name: String, threadSafe: Bool)]
        do {
            plugins = try isolation.probe(plugins: self.plugins.paths)
        } catch {
            Output.error(error.description)
            throw ExitCode(1)
        }
        let converters = try ConverterSelection.parse(converters)
        let verifiers = (layout?.values ?? [.i420]).map {
            StreamVerifier(
                converters: converters, matrix: matrix, orientation: orientation, layout: $0, trackNumber: track)
        }
        let width = files.map(\.count).max() ?? 0
        var noted: Set<String> = []
        let run = VerificationRun.run(files, with: verifiers) { path, layout in
            let outcomes = isolation.frames(
                of: plugins, plugins: self.plugins.paths, file: StreamFile(path: path, track: track), matrix: matrix,
                orientation: orientation, layout: layout)
            return (
                outcomes.filter { $0.status == .fail }.map {
                    CheckFailure(check: "plug-in \($0.converter)", frame: nil, detail: $0.detail)
                },
                outcomes.filter { $0.status == .skipped }.map(\.converter)
            )
        } each: {
            Output.line($0.path.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.line)
            if let note = $0.verdict.track?.ignoredTracksNote, noted.insert($0.path).inserted {
                Output.error("\($0.path): \(note)")
            }
        }
        if files.isEmpty { Output.error("no stream files in \(paths.joined(separator: " "))") }
        for line in Self.summary(run, matrix: matrix) { Output.line(line) }
        if run.failed > 0 || files.isEmpty { throw ExitCode(1) }
    }

    /// Each peer's deviation over every frame, then the tally.
    static func summary(_ run: VerificationRun, matrix: ColorMatrix) -> [String] {
        let peers = run.deviations.sorted { $0.key < $1.key }.map { name, deviation in
            let tolerance = ConverterRegistry.tolerance(of: name, matrix: matrix).map(String.init) ?? "-"
            return "\(name) (peer, tolerance \(tolerance)) over every frame: \(deviation.summary)"
        }
        let expected = run.expectedFailures > 0 ? " (\(run.expectedFailures) passed as expected failures)" : ""
        return peers + ["\(run.passed) passed, \(run.failed) failed" + expected]
    }
}
