import ArgumentParser
import Conformance
import Converters
import Foundation
import Frames
import Measurement

/// `bench gate --baseline FILE [--tolerance 0.25] [--update-baseline]`:
/// a quick pass/fail run for CI.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "CI pass/fail run (under a minute): bit-exactness, vectors, ratios to libyuv.",
        discussion: """
            Fails (exit 1, naming what) on: any converter not bit-exact with libyuv on synthetic frames \
            (the report sizes plus odd ones, in all eight orientations; a converter that does not offer an \
            orientation is skipped there); any file of Vectors/ (and each --vectors) failing verify, \
            except bad-ts-* files, which must fail, and only on their timestamps; a parallel converter \
            whose CPU ÷ wall time at a gated size it splits lies below 1.2 with its whole 95 % interval, \
            twice (it lost its threads); any converter whose same-run ratio to libyuv at 1280x720 or \
            1920x1080, in the mirrored 640x480 or in the 1280x720 turned 90 degrees (libyuv converting \
            into the same orientation) exceeds the baseline's by more than the tolerance with the whole 95 % interval of \
            its median, in two measurements (a cell without a baseline \
            ratio is shown, not gated). The ratio is the median over interleaved rounds of the \
            converter's process CPU time for a frame ÷ libyuv's for the same frame (the work ratio: other \
            processes on the cores barely move it; the wall-time ratio is shown beside it). The baseline \
            holds an entry per kind of machine (CPU vendor, family and model from /proc/cpuinfo, cores, \
            SIMD level); a machine without one is held to the loosest entry of each cell. Refuses to run \
            in a debug build (exit 2): its timings are not comparable. See docs/measurements.md.
            """)

    @Option(help: "The baseline file (Benchmarks/baseline.json).")
    var baseline: String

    @Option(help: "Allowed slowdown over the baseline ratio (\(Limits.tolerance); 0.25 is 25 %).")
    var tolerance = GatePolicy().tolerance

    @Flag(
        help:
            "Measure --runs runs and write this machine's entry of the baseline with the worst ratio of each cell, keeping the other entries (nothing is compared)."
    )
    var updateBaseline = false

    @Flag(
        help:
            "With --update-baseline: keep this machine's earlier runs and add these, so the entry spans runs made at different times."
    )
    var merge = false

    @Option(help: "Runs for --update-baseline (\(Limits.runs); default 3).")
    var runs: Int?

    @Option(
        help:
            "Gate only the gated sizes in this orientation, and verify the vectors converting into it (docs/orientation.md)."
    )
    var orientation: Orientation?

    @Option(help: "More IVF files or directories to verify (repeatable).")
    var vectors: [String] = []

    @Option(help: "Measuring time per size and run (\(Limits.seconds)).")
    var seconds = 5.0

    @Flag(help: "No progress line, even on a terminal.")
    var quiet = false

    func validate() throws {
        try Limits.check(tolerance, in: Limits.tolerance, "--tolerance")
        try Limits.check(runs, in: Limits.runs, "--runs")
        try Limits.check(seconds, in: Limits.seconds, "--seconds")
        if merge && !updateBaseline { throw ValidationError("--merge only goes with --update-baseline") }
        if runs != nil && !updateBaseline { throw ValidationError("--runs only goes with --update-baseline") }
        if orientation != nil && updateBaseline {
            throw ValidationError("--orientation does not go with --update-baseline (it measures every gated cell)")
        }
        if updateBaseline { try OutputPath.check(baseline, "--baseline") }
    }

    func run() throws {
        let status = try Self.run(
            baselinePath: baseline, tolerance: tolerance, update: updateBaseline, merge: merge,
            runs: runs ?? 3, orientation: orientation, vectorPaths: vectors, seconds: seconds, quiet: quiet)
        if status != 0 { throw ExitCode(status) }
    }

    /// The sizes whose upright ratios are gated.
    static let gatedSizes = ["1280x720", "1920x1080"].compactMap(FrameSize.init(parsing:))
    /// The cells whose ratios are gated: the gated sizes upright, and the
    /// report's default oriented cells (a mirrored 640x480, a 1280x720
    /// turned 90 degrees), so the gate and the default report time the same
    /// oriented cells.
    static let gatedCells = gatedSizes.map { SyntheticCell(size: $0) } + SyntheticCell.defaultOriented

    /// The cells gated with `--orientation` (nil: `gatedCells`): the gated sizes in that orientation.
    static func gatedCells(_ orientation: Orientation?) -> [SyntheticCell] {
        orientation.map { orientation in gatedSizes.map { SyntheticCell(size: $0, orientation: orientation) } }
            ?? gatedCells
    }
    /// Sizes of the synthetic bit-exactness check: the report's plus odd and tiny ones.
    static let exactnessSizes =
        ReportOptions.defaultSizes
        + ["175x143", "33x17", "3x5", "2x2", "1x1"].compactMap(FrameSize.init(parsing:))

    /// Why `measureBaseline` wrote nothing: a converter failed a gated cell.
    struct BaselineFailure: Error, CustomStringConvertible {
        /// The cell and the failure.
        let description: String
    }

    /// One line of the gate's verdict.
    struct Check {
        /// What was checked (names the file, or the converter and size).
        let name: String
        /// Whether it passed.
        let passed: Bool
        /// Figures or the failure's description.
        let detail: String
    }

    /// Refuses debug builds, runs the checks (or writes the baseline);
    /// returns the exit status.
    static func run(
        baselinePath: String, tolerance: Double, update: Bool, merge: Bool, runs: Int, orientation: Orientation?,
        vectorPaths: [String], seconds: Double, quiet: Bool
    ) throws -> Int32 {
        var vectorPaths = vectorPaths
        // The baseline is read first, so that a bad file is reported in any build.
        var file = BaselineFile()
        if !update || FileManager.default.fileExists(atPath: baselinePath) {
            do {
                file = try BaselineFile(decoding: try Data(contentsOf: URL(fileURLWithPath: baselinePath)))
            } catch let failure as BaselineFile.DecodingFailure {
                Output.error("baseline \(baselinePath): \(failure)")
                return 1
            } catch {
                Output.error("cannot read baseline \(baselinePath): \(FileErrors.reason(error))")
                return 1
            }
        }
        if MachineInfo.isDebugBuild {
            Output.line(
                "DEBUG BUILD: the gate refuses to compare debug timings; run 'swift run -c release bench gate ...'")
            return UsageFailure.exitCode
        }
        let machine = MachineInfo.current()
        Output.line(machine.line)
        let start = Clock.monotonic()
        let progress = Progress(quiet: quiet)
        defer { progress.clear() }
        let matrix = ColorMatrix.bt601
        var budget = RunBudget()
        budget.seconds = seconds
        let converters = ConverterRegistry.all()
        let peers = ConverterRegistry.peerNames.compactMap { ConverterRegistry.make($0) }

        let key = machine.key
        if update {
            let baseline: Baseline
            do {
                baseline = try measureBaseline(
                    converters: converters, runs: runs, matrix: matrix, budget: budget,
                    machine: machine, earlier: merge ? file.machines[key.description] : nil,
                    progress: progress)
            } catch {
                progress.clear()
                Output.error("baseline not written: \(error)")
                return 1
            }
            progress.clear()
            file.machines[key.description] = baseline
            do { try file.encoded().write(to: URL(fileURLWithPath: baselinePath), options: .atomic) } catch {
                Output.error("cannot write \(baselinePath): \(FileErrors.reason(error))")
                return 1
            }
            for cell in gatedCells {
                let cells = (baseline.ratios[cell.nameComponent] ?? [:]).sorted { $0.key < $1.key }
                Output.line(
                    "baseline \(cell) (cpu ratio to libyuv): "
                        + cells.map { "\($0.key) \(Format.ratio($0.value))" }.joined(separator: ", "))
            }
            Output.line(
                "wrote entry '\(key)' of \(baselinePath) from \(baseline.runs) runs (\(runs) new) in \(Format.fixed(Clock.seconds(since: start), 1)) s"
            )
            return 0
        }

        guard let limits = file.limits(for: key) else {
            Output.error("baseline \(baselinePath) has no machine entries")
            return 1
        }
        let policy = GatePolicy(tolerance: tolerance)
        Output.line("gate: baseline \(baselinePath), \(limits.source), tolerance \(Format.fixed(tolerance * 100, 0)) %")
        var checks: [Check] = []
        progress.update("gate: bit-exactness on synthetic frames")
        checks.append(syntheticExactness(converters, matrix: matrix))
        checks.append(syntheticDeviation(peers, matrix: matrix))
        if VectorFiles.directoryExists(VectorFiles.defaultDirectory) {
            vectorPaths.insert(VectorFiles.defaultDirectory, at: 0)
        }
        progress.update("gate: verifying vectors")
        checks += vectorChecks(
            vectorPaths, converters: converters + peers, matrix: matrix, orientation: orientation ?? .upright)
        checks += ratioChecks(
            gatedCells(orientation), limits: limits, policy: policy, cores: machine.cores,
            converters: converters, matrix: matrix, budget: budget, progress: progress)
        progress.clear()
        let failed = checks.filter { !$0.passed }
        Output.line(
            "gate: \(checks.count - failed.count) passed, \(failed.count) failed (\(Format.fixed(Clock.seconds(since: start), 1)) s)"
        )
        if !failed.isEmpty {
            Output.line("gate: FAIL: " + failed.map(\.name).joined(separator: "; "))
            return 1
        }
        return 0
    }

    /// Prints one check line and returns the check.
    static func report(_ check: Check) -> Check {
        Output.line(
            "\(check.passed ? "pass" : "FAIL")  \(check.name)\(check.detail.isEmpty ? "" : ": " + check.detail)")
        return check
    }

    /// Every converter against libyuv on the synthetic frames of every
    /// `exactnessSizes` size in every orientation; a converter that does
    /// not offer an orientation is skipped there (named in the detail).
    static func syntheticExactness(_ converters: [any FrameConverter], matrix: ColorMatrix) -> Check {
        var mismatches: [String] = []
        var skipped: [String: Set<String>] = [:]
        for size in exactnessSizes {
            let frames = SyntheticFrames.frames(size: size, count: ConverterBench.distinctFrames)
            for orientation in Orientation.allCases {
                let exact = ConverterBench.bitExactness(
                    converters, frames: frames, matrix: matrix, orientation: orientation)
                let cell = SyntheticCell(size: size, orientation: orientation)
                for converter in converters {
                    switch exact[converter.name] {
                    case nil: skipped[converter.name, default: []].insert(orientation.name)
                    case false?: mismatches.append("\(converter.name) at \(cell)")
                    case true?: break
                    }
                }
            }
        }
        let skippedText = skipped.sorted { $0.key < $1.key }.map { name, orientations in
            "\(name) skipped (unsupported) in "
                + Orientation.allCases.map(\.name).filter(orientations.contains)
                .joined(separator: ", ")
        }
        return report(
            Check(
                name: "bit-exact with libyuv on synthetic frames",
                passed: mismatches.isEmpty,
                detail: mismatches.isEmpty
                    ? ([
                        "\(converters.count) converters × \(exactnessSizes.count) sizes × \(Orientation.allCases.count) orientations × \(ConverterBench.distinctFrames) frames"
                    ]
                        + skippedText).joined(separator: "; ")
                    : "mismatch: " + mismatches.joined(separator: ", ")))
    }

    /// Every peer's deviation from libyuv on the synthetic frames of every
    /// `exactnessSizes` size, which must stay within its tolerance.
    static func syntheticDeviation(_ peers: [any FrameConverter], matrix: ColorMatrix) -> Check {
        var figures: [String] = []
        var beyond: [String] = []
        for peer in peers {
            var total = Deviation()
            for size in exactnessSizes {
                let frames = SyntheticFrames.frames(size: size, count: ConverterBench.distinctFrames)
                guard let deviation = ConverterBench.deviations([peer], frames: frames, matrix: matrix)[peer.name]
                else {
                    beyond.append("\(peer.name) failed at \(size)")
                    continue
                }
                total.add(deviation)
            }
            let tolerance = ConverterRegistry.tolerance(of: peer.name, matrix: matrix) ?? 0
            figures.append("\(peer.name) \(total.summary) (tolerance \(tolerance))")
            if !total.isWithin(tolerance) { beyond.append("\(peer.name) max |Δ| \(total.maximum) > \(tolerance)") }
        }
        return report(
            Check(
                name: "peers within their tolerance of libyuv on synthetic frames",
                passed: beyond.isEmpty,
                detail: (beyond.isEmpty ? figures : beyond).joined(separator: "; ")))
    }

    /// One check per vector file: ordinary files must pass `verify`; bad-ts-*
    /// files must fail it on timestamps alone.
    static func vectorChecks(
        _ paths: [String], converters: [any FrameConverter], matrix: ColorMatrix, orientation: Orientation
    ) -> [Check] {
        let files = VectorFiles.expand(paths)
        guard !files.isEmpty else {
            return [
                report(
                    Check(name: "vectors", passed: false, detail: "no IVF files (no Vectors/ here and no --vectors)"))
            ]
        }
        let verifier = StreamVerifier(converters: converters, matrix: matrix, orientation: orientation)
        return files.map { file in
            let verdict = verifier.verify(file)
            if VectorFiles.isExpectedBad(file) {
                return report(
                    Check(
                        name: "\(file) flagged (deliberately bad timestamps)",
                        passed: verdict.failedOnlyTimestamps,
                        detail: verdict.passed
                            ? "verify passed it: the timestamp check missed the fault"
                            : verdict.summary))
            }
            let checked = [
                "\(verdict.frames) frames", verdict.md5Checked ? "I420 MD5s" : nil,
                verdict.goldenChecked ? "golden BGRA MD5s" : nil,
                orientation == .upright ? "bit-exact" : "bit-exact \(orientation)", "timestamps",
                verdict.skipped.isEmpty ? nil : "skipped (unsupported): " + verdict.skipped.joined(separator: ", "),
                verdict.deviationSummary.isEmpty ? nil : verdict.deviationSummary,
            ]
            return report(
                Check(
                    name: "\(file)", passed: verdict.passed,
                    detail: verdict.passed ? checked.compactMap { $0 }.joined(separator: ", ") : verdict.summary))
        }
    }

    /// The gated ratios: each converter's CPU time ÷ libyuv's in each of
    /// `cells`, one check per converter and cell, and one per converter that
    /// should split frames there; cells the policy wants measured again
    /// are, from a second interleaved run of that cell. A converter that
    /// does not offer a cell's orientation is skipped (a passing line); one
    /// that fails a conversion fails its check.
    static func ratioChecks(
        _ cells: [SyntheticCell], limits: BaselineLimits, policy: GatePolicy, cores: Int,
        converters: [any FrameConverter],
        matrix: ColorMatrix, budget: RunBudget, progress: Progress
    ) -> [Check] {
        var checks: [Check] = []
        for cell in cells {
            let size = cell.size
            let (first, excluded) = measure(converters, cell: cell, matrix: matrix, budget: budget, progress: progress)
            let threaded = converters.filter { GatePolicy.expectsThreads($0, at: size, cores: cores) }.map(\.name)
            var decisions: [String: GateDecision] = [:]
            var threadDecisions: [String: GateDecision] = [:]
            for (name, figures) in first {
                decisions[name] = policy.decide(
                    baseline: limits.ratios[GateCell(cell, converter: name)], measured: figures.cpu)
                if threaded.contains(name) { threadDecisions[name] = policy.decideThreads(share: figures.threadShare) }
            }
            var second: [String: GateMeasurement] = [:]
            if (Array(decisions.values) + Array(threadDecisions.values)).contains(.remeasure) {
                second = measure(converters, cell: cell, matrix: matrix, budget: budget, progress: progress).figures
            }
            for name in threaded {
                guard let one = first[name], let decision = threadDecisions[name] else { continue }
                let two = decision == .remeasure ? second[name] : nil
                let final =
                    two.map { policy.decideThreads(share: $0.threadShare, earlier: one.threadShare) } ?? decision
                let shown = two ?? one
                let passed = final != .fail
                checks.append(
                    report(
                        Check(
                            name: passed
                                ? "\(name) runs on several threads at \(cell)" : "\(name) ran on one thread at \(cell)",
                            passed: passed,
                            detail:
                                "CPU ÷ wall time \(Format.estimate(shown.threadShare)) (at least \(Format.ratio(policy.threadedCPUShare)))"
                                + (two == nil ? "" : " (measured twice)"))))
            }
            for failure in excluded {
                let skipped = failure.error == .unsupported
                checks.append(
                    report(
                        Check(
                            name: "\(failure.label) ratio to libyuv at \(cell)", passed: skipped,
                            detail: skipped ? "skipped: unsupported (not gated)" : "FAILED: \(failure.error)")))
            }
            for converter in converters where converter.name != Contender.referenceLabel {
                let name = converter.name
                let gated = GateCell(cell, converter: name)
                guard let one = first[name], let decision = decisions[name] else { continue }
                let two = decision == .remeasure ? second[name] : nil
                let final =
                    two.map { policy.decide(baseline: limits.ratios[gated], measured: $0.cpu, earlier: one.cpu) }
                    ?? decision
                let shown = two ?? one
                let wall = "wall \(Format.estimate(shown.wall))"
                guard let base = limits.ratios[gated], final != .notGated else {
                    checks.append(
                        report(
                            Check(
                                name: "\(name) ratio to libyuv at \(cell)", passed: true,
                                detail: "cpu \(Format.estimate(shown.cpu)) (not gated: no baseline), \(wall)")))
                    continue
                }
                let detail =
                    "cpu \(Format.estimate(shown.cpu)) vs baseline \(Format.ratio(base)), limit \(Format.ratio(policy.limit(baseline: base)))"
                    + (decision == .remeasure ? " (first measurement \(Format.estimate(one.cpu)), measured twice)" : "")
                    + "; \(wall)"
                let failed = final == .fail
                checks.append(
                    report(
                        Check(
                            name: "\(name) ratio to libyuv at \(cell)" + (failed ? " regressed" : ""),
                            passed: !failed, detail: detail)))
            }
            let registered = Set(converters.map(\.name))
            for gated in limits.ratios.keys.sorted() where gated.cell == cell && !registered.contains(gated.converter) {
                checks.append(
                    report(Check(name: "\(gated)", passed: false, detail: "in the baseline but no longer registered")))
            }
        }
        return checks
    }

    /// One interleaved measurement of every converter that converts `cell`
    /// (and the floors): the figures by converter, and the converters left
    /// out because they refused or failed the cell.
    static func measure(
        _ converters: [any FrameConverter], cell: SyntheticCell, matrix: ColorMatrix,
        budget: RunBudget, progress: Progress
    ) -> (figures: [String: GateMeasurement], excluded: [ContenderFailure]) {
        let (samples, excluded, _) = ConverterBench.measureSupported(
            converters, cell: cell, matrix: matrix, budget: budget
        ) { done, planned in
            progress.update("gate: timing \(cell), frame \(done) of ~\(planned)")
        }
        return (GateMeasurement.of(samples), excluded)
    }

    /// Measures the gated cells `runs` times, adds the runs of `earlier`
    /// (when merging) and keeps each cell's worst ratio. A converter that
    /// refuses a cell has no ratio there; one that fails it stops the update.
    static func measureBaseline(
        converters: [any FrameConverter], runs: Int, matrix: ColorMatrix,
        budget: RunBudget, machine: MachineInfo, earlier: Baseline?,
        progress: Progress
    ) throws(BaselineFailure) -> Baseline {
        var samples = earlier?.samples ?? [:]
        var wallSamples = earlier?.wallSamples ?? [:]
        let totalRuns = runs + (earlier?.runs ?? 0)
        for run in 1...runs {
            for cell in gatedCells {
                progress.update("baseline run \(run)/\(runs): \(cell)")
                let (figures, excluded) = measure(
                    converters, cell: cell, matrix: matrix, budget: budget, progress: progress)
                if let failure = excluded.first(where: { $0.error != .unsupported }) {
                    throw BaselineFailure(description: "\(cell): \(failure)")
                }
                let key = cell.nameComponent
                for (name, figures) in figures {
                    samples[key, default: [:]][name, default: []].append(figures.cpu.median)
                    wallSamples[key, default: [:]][name, default: []].append(figures.wall.median)
                }
            }
        }
        return Baseline(
            note: """
                Gated: per cell, the worst of \(totalRuns) runs (\(Format.fixed(budget.seconds, 0)) s per size each\
                \(earlier == nil ? "" : ", accumulated with --merge at different times and loads")) of \
                the median over interleaved rounds of converter CPU time ÷ libyuv CPU time for the same \
                synthetic frame (BT.601 limited). CPU time, not wall time, because on a shared 2-core \
                machine other processes inflate wall-time ratios of long conversions by up to 2x while \
                CPU-time ratios move by up to about 30 %; wall_samples shows the wall-time ratios of the \
                same runs. Regenerate after a deliberate speed change (e.g. when the SIMD converter \
                lands) with the command below, from a release build.
                """,
            command:
                "swift run -c release bench gate --baseline Benchmarks/baseline.json --update-baseline --runs \(runs) --seconds \(Format.fixed(budget.seconds, 0))"
                + (earlier == nil ? "" : " --merge (repeated)"),
            date: ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withInternetDateTime]),
            machine: machine.line, matrix: matrix.name, runs: totalRuns,
            statistic:
                "median over rounds of (converter process CPU time ÷ libyuv's) for the same frame; worst of the runs",
            samples: samples, wallSamples: wallSamples)
    }
}
