import Conformance
import ConverterChecks
import Converters
import Foundation
import Frames
import Reports

/// One regression gate run, for `bench gate` or any other tool: the
/// reference resolved and built, the checks that do not depend on the
/// machine, the head's and the reference's processes side by side, and
/// the decision, each told to a `GateReporter` as it happens.
///
/// It runs in the git checkout that is the current directory.
public struct GateRun {
    /// The sizes whose cells are gated upright (the report's default
    /// oriented cells at these sizes are gated too).
    public static let sizes = ["640x480", "1280x720", "1920x1080"].compactMap(FrameSize.init(parsing:))
    /// Measuring seconds per size in each process, unless a run says otherwise.
    public static let defaultSeconds = 0.5

    /// Allowed slowdown of head ÷ reference (0.05 is 5 %).
    public let threshold: Double
    /// Allowed growth of a converter's instructions per frame, head ÷
    /// reference (0.0025 is 0.25 %; `CountComparison`).
    public let countThreshold: Double
    /// Pairs and budget.
    public let plan: SideBySideRun.Plan
    /// Measuring seconds per size in each process.
    public let seconds: Double
    /// Measure and verify in this orientation instead of the default cells.
    public let orientation: Orientation?
    /// Where to keep each process's report (nil: nowhere).
    public let reportsDirectory: String?
    /// Where the lines, errors and progress go.
    public let reporter: GateReporter
    /// Plug-ins every process loads (`--plugin`), as absolute paths (the
    /// processes run in the repository's top directory).
    public let plugins: [String]
    /// The converters measured and gated (built-ins' and the plug-ins'
    /// names; libyuv is always measured); nil: every exact built-in.
    public let converters: [String]?
    /// How plug-ins are loaded in a child to learn their converters' names
    /// (needed when `plugins` is not empty).
    public let isolation: IsolatedCheck?
    /// The source layouts measured and gated.
    public let layouts: GateLayouts

    /// A gate allowing `threshold`, running pairs by `plan`, each process
    /// measuring `seconds` per size (in `orientation` if given), keeping
    /// reports in `reportsDirectory` if given, telling `reporter`; every
    /// process loads `plugins` (probed through `isolation`) and measures
    /// `converters` (nil: every exact built-in) in `layouts` (nil: I420,
    /// and NV12 at `GateLayouts.nv12Sizes`); a converter whose instructions
    /// per frame grow beyond `countThreshold` fails.
    public init(
        threshold: Double, plan: SideBySideRun.Plan, seconds: Double, orientation: Orientation?,
        reportsDirectory: String?, reporter: GateReporter, plugins: [String] = [], converters: [String]? = nil,
        isolation: IsolatedCheck? = nil, layouts: [ChromaLayout]? = nil, countThreshold: Double = 0.0025
    ) {
        self.countThreshold = countThreshold
        self.isolation = isolation
        self.layouts = GateLayouts(layouts)
        self.plugins = plugins.map(Self.absolute)
        self.converters = converters
        self.threshold = threshold
        self.plan = plan
        self.seconds = seconds
        self.orientation = orientation
        self.reportsDirectory = reportsDirectory
        self.reporter = reporter
    }

    /// `path`, made absolute from the current directory.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The arguments each process gets (before `--json FILE`) when it
    /// measures `measured` (nil: the report's default converters) loading
    /// `plugins` (nil: the gate's), with the layouts' arguments when `withLayouts`.
    func arguments(measuring measured: [String]?, withLayouts: Bool = true, plugins: [String]? = nil) -> [String] {
        var arguments = [
            "--only-sizes", Self.sizes.map(\.description).joined(separator: ","), "--no-vectors", "--quiet",
        ]
        arguments += ["--seconds", "\(seconds)"]
        if let orientation { arguments += ["--orientation", orientation.name] }
        if withLayouts { arguments += layouts.arguments }
        for plugin in plugins ?? self.plugins { arguments += ["--plugin", plugin] }
        if let measured { arguments += ["--converters", measured.joined(separator: ",")] }
        return arguments
    }

    /// The comparison at `threshold` of what the processes measure
    /// (`measured`; nil: the exact built-ins) in `layouts`, peers left out,
    /// libyuv always in; `referenceLacks` says why the reference cannot
    /// measure a layout.
    func comparison(measuring measured: [String]?, referenceLacks: [String: String] = [:]) -> GateComparison {
        let gated = (measured ?? ConverterRegistry.names).filter { !ConverterRegistry.isPeer($0) }
        var comparison = GateComparison(
            threshold: threshold, converters: Set(gated + [EntryCell.referenceConverter]), layouts: layouts.names)
        comparison.referenceLacks = referenceLacks
        return comparison
    }

    /// The side-by-side run of `head` against `reference` (of commit
    /// `referenceCommit`) measuring `measured` in `directory`, each side
    /// loading its own plug-ins if given (nil: the gate's), and its
    /// comparison: a side whose `bench` knows no layouts gets no layout
    /// arguments (when the head knows none, neither side gets them), and
    /// the layouts besides I420 that the reference then cannot measure are
    /// not gated.
    func sideBySide(
        head: String, reference: String, referenceCommit: String, measured: [String]?, directory: String,
        plugins: (head: [String], reference: [String])? = nil
    ) -> (SideBySideRun, GateComparison) {
        let asked = !layouts.arguments.isEmpty
        let headKnows = asked && knowsLayouts(head)
        let referenceKnows = headKnows && knowsLayouts(reference)
        var lacks: [String: String] = [:]
        if headKnows && !referenceKnows {
            for layout in layouts.layouts where layout != .i420 {
                lacks[layout.rawValue] =
                    "the reference's bench (\(referenceCommit.prefix(12))) cannot measure \(layout) (it knows no --layout)"
            }
        }
        if asked && !headKnows { reporter.line("gate: the head's bench knows no --layout: I420 cells only") }
        let run = SideBySideRun(
            head: head, reference: reference,
            arguments: arguments(measuring: measured, withLayouts: headKnows, plugins: plugins?.head),
            referenceArguments: arguments(
                measuring: measured, withLayouts: referenceKnows, plugins: plugins?.reference),
            directory: directory, reportsDirectory: reportsDirectory)
        return (run, comparison(measuring: measured, referenceLacks: lacks))
    }

    /// Whether the `bench` at `executable` knows layouts (its `report
    /// --help` lists `GateLayouts.probeOption`).
    func knowsLayouts(_ executable: String) -> Bool {
        guard let result = try? CommandRunner.run(executable, ["report", "--help"], timeout: 60) else { return false }
        return GateLayouts.knowsLayouts(help: result.output)
    }

    /// What both processes measure and the gate decides on: `converters`,
    /// checked against the built-ins and the plug-ins' converters, or with
    /// plug-ins every exact built-in and every plug-in converter (the
    /// plug-ins are loaded in a child to learn their names); nil, the
    /// report's default, without either. `.failure` after one line when a
    /// plug-in cannot be loaded or a name is unknown.
    func measuredConverters() -> Result<[String]?, GateRefusal> {
        guard !plugins.isEmpty else { return .success(converters) }
        guard let isolation else {
            reporter.error("gate: plug-ins given without a way to load them in a child (GateRun's isolation)")
            return .failure(GateRefusal())
        }
        let pluginNames: [String]
        do { pluginNames = try isolation.probe(plugins: plugins).map(\.name) } catch {
            reporter.error("gate: \(error.description)")
            return .failure(GateRefusal())
        }
        let known = ConverterRegistry.knownNames + pluginNames
        if let unknown = converters?.first(where: { !known.contains($0) }) {
            reporter.error(CheckRun.UnknownConverter(name: unknown, known: known).description)
            return .failure(GateRefusal())
        }
        return .success(converters ?? ConverterRegistry.names + pluginNames)
    }

    /// The gate of this build (or of `head`, built like the reference:
    /// timing only) against `reference` (default: the commit in
    /// `GateReference.path`), also verifying `vectorPaths`.
    /// - Returns: The exit status: 0 (pass), 1 (a check failed, or a head
    ///   process gave no report) or 2 (a debug build, a reference or head
    ///   that cannot be resolved or built, or a reference process that gave
    ///   no report).
    public func run(reference: String?, head: String?, vectorPaths: [String]) -> Int32 {
        guard case .success(let measured) = measuredConverters() else { return 2 }
        guard let setting = locate(), let referenceCommit = resolveReference(reference, setting: setting) else {
            return 2
        }
        var headCommit: String?
        if let head {
            do { headCommit = try setting.builder.commit(of: head) } catch {
                reporter.error("gate: head \(error)")
                return 2
            }
        }
        guard acceptsThisBuild() else { return 2 }
        let start = Date()
        defer { reporter.clearProgress() }
        guard let headBuild = headExecutable(headCommit, setting: setting),
            let referenceBuild = build(referenceCommit, role: "reference", setting: setting)
        else { return 2 }
        reporter.line(
            "gate: head \(headBuild.label) against reference \(referenceCommit.prefix(12)), threshold \(GateLines.fixed(threshold * 100, 0)) %"
        )
        var checks: [GateCheck] = []
        if head == nil {
            checks += machineIndependentChecks(vectorPaths: vectorPaths)
        } else {
            reporter.line("gate: --head: timing only (the bit-exactness and vector checks run in this build)")
        }
        return decide(
            head: (headBuild.executable, plugins), reference: (referenceBuild, plugins),
            referenceCommit: referenceCommit, measured: measured, directory: setting.repository, checks: checks,
            start: start)
    }

    /// The timed pairs and the counts of `head` against `reference` (each
    /// an executable and the plug-ins it loads), measuring `measured` in
    /// `directory`, and the decision over them and the `checks` already
    /// made, told line by line; `start` is when the gate began.
    /// - Returns: The exit status: 0, 1 (a check failed, a head process
    ///   gave no report) or 2 (a reference process gave no report).
    func decide(
        head: (executable: String, plugins: [String]), reference: (executable: String, plugins: [String]),
        referenceCommit: String, measured: [String]?, directory: String, checks made: [GateCheck], start: Date
    ) -> Int32 {
        var checks = made
        let (pairs, compared) = sideBySide(
            head: head.executable, reference: reference.executable, referenceCommit: referenceCommit,
            measured: measured, directory: directory, plugins: (head.plugins, reference.plugins))
        let result: SideBySideRun.Result
        do {
            result = try pairs.run(plan, comparison: compared) { reporter.progress("gate: \($0)") }
        } catch {
            reporter.clearProgress()
            reporter.error("gate: \(error)")
            return error.isReference ? 2 : 1
        }
        reporter.clearProgress()
        reporter.line(GateLines.processes(result))
        let counts = countSides(head: head, reference: reference, measured: measured)
        if case .counted(let headCounts, let referenceCounts, let seconds) = counts {
            reporter.line(
                "gate: counted \(headCounts.count) + \(referenceCounts.count) cells and levels under Callgrind, "
                    + "head and reference side by side, \(GateLines.fixed(seconds, 1)) s")
        }
        let timed =
            cellChecks(
                result.outcomes,
                timedChecks: result.outcomes.map { GateLines.check($0, result: result, threshold: threshold) },
                counts: counts)
            + (result.harness.map { [GateLines.check($0, result: result, threshold: threshold)] } ?? [])
            + ThreadUse.checks(
                result.head, converters: compared.converters.intersection(ConverterRegistry.names(with: .splitsFrames))
            ).map(
                GateLines.check)
        for check in timed { reporter.line(check.line) }
        checks += timed
        let failed = checks.filter { !$0.passed }
        reporter.line(
            "gate: \(checks.count - failed.count) passed, \(failed.count) failed (\(GateLines.fixed(Date().timeIntervalSince(start), 1)) s)"
        )
        guard failed.isEmpty else {
            reporter.line("gate: FAIL: " + failed.map(\.name).joined(separator: "; "))
            return 1
        }
        return 0
    }

    /// Moves the reference: builds `revision` and the current reference (or
    /// `current`), compares them side by side, rewrites the reference file
    /// (`GateReference.path`, keeping `why`) and reports what the commit
    /// message should carry.
    /// - Returns: The exit status: 0 (the file was rewritten) or 2 (a debug
    ///   build, a revision that cannot be had, a process or the write failed).
    public func accept(_ revision: String, why: String, against current: String?) -> Int32 {
        guard case .success(let measured) = measuredConverters() else { return 2 }
        guard let setting = locate(), let old = resolveReference(current, setting: setting) else { return 2 }
        let new: String
        do { new = try setting.builder.commit(of: revision) } catch {
            reporter.error("gate: --accept \(error)")
            return 2
        }
        guard acceptsThisBuild() else { return 2 }
        defer { reporter.clearProgress() }
        guard let oldBuild = build(old, role: "reference", setting: setting),
            let newBuild = build(new, role: "--accept", setting: setting)
        else { return 2 }
        let result: SideBySideRun.Result
        let (pairs, compared) = sideBySide(
            head: newBuild, reference: oldBuild, referenceCommit: old, measured: measured,
            directory: setting.repository)
        do {
            result = try pairs.run(plan, comparison: compared) { reporter.progress("gate: \($0)") }
        } catch {
            reporter.clearProgress()
            reporter.error("gate: \(error)")
            return 2
        }
        reporter.clearProgress()
        let file = setting.repository + "/" + GateReference.path
        do {
            try GateReference(commit: new, reason: why).text.write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            reporter.error("gate: cannot write \(file): \(FileErrors.reason(error))")
            return 2
        }
        reporter.line(GateLines.acceptance(old: old, new: new, why: why, result: result, threshold: threshold))
        return 0
    }
}

/// A gate that stopped before it began, after saying why.
struct GateRefusal: Error {}
