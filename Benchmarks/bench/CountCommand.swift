import ArgumentParser
import ConverterChecks
import Converters
import Foundation
import Gate

/// `bench count [--converters LIST] [--plugin PATH] [--json FILE]`: each
/// converter's instructions per frame in the gate's cells, counted by
/// Callgrind.
struct CountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "Instructions per frame of each converter in the gate's cells, counted under Valgrind's Callgrind.",
        discussion: """
            Runs this bench's hidden count-worker under 'valgrind --tool=callgrind' once per SIMD level Valgrind \
            runs (the machine's best below AVX-512, then baseline through FRAMEBENCH_SIMD; only simd and the \
            plug-ins' converters at the second) and converter, with FRAMEBENCH_STORES=cached. In each of the gate's cells \
            (\(CountPlan.cells.map(\.description).joined(separator: ", "))) each converter converts one frame \
            uncounted, then \(CountPlan.frames) frames with Callgrind collecting only inside each convert call: \
            the harness, the frames' making and copying are not counted. Prints instructions per frame. \
            parallel is not counted (its threads); libyuv and swscale always are (the gate's control). \
            Counts are deterministic: the same build gives the same counts on every run. Needs valgrind \
            (exit 1 without it). See docs/measurements.md.
            """)

    @Option(
        help:
            "Count only these built-in converters (comma-separated; the plug-ins' converters are always counted; libyuv and swscale always are)."
    )
    var converters: String?

    @OptionGroup var plugins: PluginOptions

    @Option(help: "Write the counts as JSON to this file.")
    var json: String?

    @Flag(help: "No progress line and no table, even on a terminal.")
    var quiet = false

    func validate() throws {
        for name in ConverterSelection.names(converters) ?? [] where !ConverterRegistry.knownNames.contains(name) {
            throw ValidationError(
                CheckRun.UnknownConverter(name: name, known: ConverterRegistry.knownNames).description)
        }
    }

    func run() throws {
        guard let valgrind = CommandRunner.find("valgrind") else {
            Output.error("count: valgrind is not on PATH (scripts/bootstrap installs it)")
            throw ExitCode(1)
        }
        let progress = Progress(quiet: quiet)
        let started = Date()
        let paths = plugins.paths.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
        var pluginConverters: [String] = []
        if !paths.isEmpty {
            do { pluginConverters = try IsolatedCheck.bench().probe(plugins: paths).map(\.name) } catch {
                Output.error("count: \(error.description)")
                throw ExitCode(1)
            }
        }
        let run = CountRun(
            executable: WorkerProcess.currentExecutable,
            converters: CountPlan.converters(for: ConverterSelection.names(converters) ?? ConverterRegistry.names),
            pluginConverters: pluginConverters, plugins: paths, valgrind: valgrind)
        let counts: [InstructionCount]
        do { counts = try run.run(progress: progress.update) } catch {
            progress.clear()
            Output.error("count: \(error.description)")
            throw ExitCode(1)
        }
        progress.clear()
        if let json {
            do { try InstructionCounts(counts: counts).json().write(to: URL(fileURLWithPath: json)) } catch {
                Output.error("count: cannot write \(json): \(error.localizedDescription)")
                throw ExitCode(1)
            }
        }
        guard !quiet else { return }
        for count in counts {
            let cell = count.cell.map(\.description) ?? "\(count.converter) at \(count.size)"
            Output.line(
                "\(count.level.padding(toLength: 9, withPad: " ", startingAt: 0)) "
                    + "\(cell.padding(toLength: 40, withPad: " ", startingAt: 0)) "
                    + String(format: "%14.0f instructions per frame", count.perFrame))
        }
        Output.line(
            "count: \(counts.count) counts (\(CountPlan.frames) frames each) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s"
        )
    }
}
