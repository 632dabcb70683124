import ArgumentParser
import ConverterChecks
import Converters
import Foundation
import Frames
import Gate

/// `bench gate [--reference REV] [--threshold 0.05]`, and
/// `bench gate --accept [REV] --why TEXT`: the regression gate.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Regression gate: this build against a reference revision, side by side; bit-exactness, vectors.",
        discussion: """
            Builds the reference revision (Benchmarks/gate-reference, or --reference) once into the cache \
            (\(ReferenceBuilder.defaultCache)), then runs this build's and the reference's 'bench' processes \
            in alternating pairs (at least --pairs, more while a cell is undecided, within --budget), each \
            measuring every exact converter upright at \(GateRun.sizes.map(\.description).joined(separator: ", ")) \
            and the report's oriented cells. A cell fails (exit 1, naming it) when the whole 95 % interval of \
            head ÷ reference CPU time per frame (Hodges–Lehmann over the processes) lies above 1 + --threshold, \
            and so does that of its time relative to a yardstick in the same processes (a converter's CPU \
            time relative to libyuv's, libyuv's time relative to the memory floor's); wall time is shown \
            beside them. Also fails on: libyuv's CPU time over all its cells (each process's geometric mean, paired) \
            slower beyond the threshold; a converter not bit-exact with libyuv on synthetic frames in any \
            orientation; a file of Vectors/ (and each --vectors) failing verify, except bad-ts-* \
            files, which must fail on their timestamps alone; a parallel converter that ran on one thread in \
            every head process where it should split. A reference that cannot be checked out or built: one \
            line, exit 2. Beside the timed pairs, both builds' 'bench count' counts each converter's instructions \
            per frame under Callgrind (when valgrind is on PATH and the reference's bench can count): a \
            converter's cell also fails when its count grows by more than --count-threshold, whatever its timing \
            says; libyuv's and swscale's counts must not move (else the harness changed). --plugin NEW.so \
            --against OLD.so gates two builds of one plug-in the same way, timed and counted, without git. \
            --accept moves the reference and prints the comparison for the commit message. \
            Refuses a debug build (exit 2). See docs/measurements.md.
            """)

    @Option(help: "The revision to compare with (default: the commit in Benchmarks/gate-reference).")
    var reference: String?

    @Option(
        help:
            "Compare this revision, built like the reference, instead of this build (timing only: the bit-exactness and vector checks need this build)."
    )
    var head: String?

    @Option(help: "Allowed slowdown of head ÷ reference (\(GateLimits.threshold); 0.05 is 5 %).")
    var threshold = 0.05

    @Option(
        help:
            "Allowed growth of a converter's instructions per frame, head ÷ reference, counted under Callgrind (\(GateLimits.threshold); 0.0025 is 0.25 %)."
    )
    var countThreshold = 0.0025

    @Option(
        help: ArgumentHelp(
            "Gate the one --plugin build against this build of the same plug-in instead of FrameBench's revisions (no git).",
            valueName: "OLD.so"))
    var against: String?

    @Option(help: "Pairs of processes always run (\(GateLimits.pairs)).")
    var pairs = SideBySideRun.Plan().minimumPairs

    @Option(help: "Pairs at most, while a cell is undecided (\(GateLimits.pairs)).")
    var maxPairs = SideBySideRun.Plan().maximumPairs

    @Option(help: "Seconds the pairs may take in all; the first --pairs always run (\(GateLimits.budget)).")
    var budget = SideBySideRun.Plan().budget

    @Option(help: "Measuring time per size in each process (\(Limits.seconds)).")
    var seconds = GateRun.defaultSeconds

    @Flag(help: "Move the reference to REVISION (default HEAD): rewrite Benchmarks/gate-reference.")
    var accept = false

    @Argument(help: "With --accept: the new reference (default HEAD).")
    var revision: String?

    @Option(help: "With --accept: why this commit becomes the reference (one line, kept in the file).")
    var why: String?

    @Option(help: "Measure and verify in this orientation instead (docs/orientation.md).")
    var orientation: Orientation?

    @Option(
        help: ArgumentHelp(
            "Measure, gate and check bit-exactness in these source layouts (default: i420, and nv12 at "
                + GateLayouts.nv12Sizes.map(\.description).joined(separator: " and ")
                + "; a reference whose bench knows no --layout measures i420 only, its nv12 cells are not gated).",
            valueName: LayoutList.format))
    var layout: LayoutList?

    @Option(help: "More stream files (any container) or directories to verify (repeatable).")
    var vectors: [String] = []

    @Option(help: "Keep each process's report here (head-N.json, reference-N.json).")
    var keepReports: String?

    @Flag(help: "No progress line, even on a terminal.")
    var quiet = false

    @OptionGroup var plugins: PluginOptions

    @Option(
        help:
            "Measure and gate only these converters (comma-separated: built-ins or the converters of --plugin files; libyuv is always measured)."
    )
    var converters: String?

    func validate() throws {
        try Limits.check(threshold, in: GateLimits.threshold, "--threshold")
        try Limits.check(countThreshold, in: GateLimits.threshold, "--count-threshold")
        if against != nil {
            if plugins.paths.count != 1 { throw ValidationError("--against OLD.so needs exactly one --plugin NEW.so") }
            if accept || head != nil || reference != nil {
                throw ValidationError("--against does not go with --accept, --head or --reference")
            }
        }
        try Limits.check(pairs, in: GateLimits.pairs, "--pairs")
        try Limits.check(maxPairs, in: GateLimits.pairs, "--max-pairs")
        try Limits.check(budget, in: GateLimits.budget, "--budget")
        try Limits.check(seconds, in: Limits.seconds, "--seconds")
        if maxPairs < pairs { throw ValidationError("--max-pairs (\(maxPairs)) is below --pairs (\(pairs))") }
        if revision != nil && !accept { throw ValidationError("a revision argument only goes with --accept") }
        if accept && (why ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--accept needs --why TEXT: why the new commit becomes the reference")
        }
        if why != nil && !accept { throw ValidationError("--why only goes with --accept") }
        if accept && head != nil { throw ValidationError("--head does not go with --accept (give the revision)") }
        if plugins.paths.isEmpty { _ = try ConverterSelection.parse(converters) }
        if let keepReports {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: keepReports, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw ValidationError("--keep-reports \(keepReports) is not a directory") }
        }
    }

    func run() throws {
        let progress = Progress(quiet: quiet)
        let gate = GateRun(
            threshold: threshold, plan: plan, seconds: seconds, orientation: orientation, reportsDirectory: keepReports,
            reporter: GateReporter(
                line: Output.line, error: Output.error, progress: progress.update, clearProgress: progress.clear),
            plugins: against == nil ? plugins.paths : [], converters: ConverterSelection.names(converters),
            isolation: .bench(), layouts: layout?.values, countThreshold: countThreshold)
        let status =
            if let against, let new = plugins.paths.first {
                gate.run(plugin: new, against: against)
            } else if accept {
                gate.accept(revision ?? "HEAD", why: why ?? "", against: reference)
            } else {
                gate.run(reference: reference, head: head, vectorPaths: vectors)
            }
        if status != 0 { throw ExitCode(status) }
    }

    /// The pairs and budget from `--pairs`, `--max-pairs` and `--budget`.
    private var plan: SideBySideRun.Plan {
        var plan = SideBySideRun.Plan()
        plan.minimumPairs = pairs
        plan.maximumPairs = maxPairs
        plan.budget = budget
        return plan
    }
}

/// Ranges of the gate's options.
enum GateLimits {
    /// `--threshold`.
    static let threshold = 0.0...1
    /// `--pairs` and `--max-pairs`.
    static let pairs = 4...100
    /// `--budget` seconds.
    static let budget = 1.0...36_000
}
