import ConverterChecks
import Converters
import Foundation
import Frames
import Gate
import Measurement
import ReportRendering
import Reports
import Statistics
import Streams

/// One `bench gate` run wired from the libraries: the reference resolved
/// and built, the machine-independent checks, the side-by-side pairs, and
/// their lines.
struct GatePlan {
    /// The sizes whose cells are gated upright (the report's default
    /// oriented cells at these sizes are gated too).
    static let sizes = ["640x480", "1280x720", "1920x1080"].compactMap(FrameSize.init(parsing:))
    /// Measuring seconds per size in each process.
    static let seconds = 0.5

    /// Allowed slowdown.
    let threshold: Double
    /// Pairs and budget.
    let plan: SideBySideRun.Plan
    /// Measuring seconds per size in each process.
    let seconds: Double
    /// Measure and verify in this orientation instead of the default cells.
    let orientation: Orientation?
    /// Where to keep each process's report (nil: nowhere).
    let reportsDirectory: String?
    /// No progress line.
    let quiet: Bool

    /// The arguments each process gets (before `--json FILE`).
    var arguments: [String] {
        ["--only-sizes", Self.sizes.map(\.description).joined(separator: ","), "--no-vectors", "--quiet"]
            + ["--seconds", "\(seconds)"] + (orientation.map { ["--orientation", $0.name] } ?? [])
    }

    /// The comparison: the exact converters gated at `threshold`.
    var comparison: GateComparison {
        GateComparison(threshold: threshold, converters: Set(ConverterRegistry.names))
    }

    /// The gate: exit status 0 (pass), 1 (a check failed) or 2 (a debug
    /// build, or a reference that cannot be had).
    func run(reference: String?, head: String?, vectorPaths: [String]) -> Int32 {
        guard let setting = locate(), let referenceCommit = resolveReference(reference, setting: setting) else {
            return 2
        }
        var headCommit: String?
        if let head {
            do { headCommit = try setting.builder.commit(of: head) } catch {
                Output.error("gate: head \(error)")
                return 2
            }
        }
        guard acceptsThisBuild() else { return 2 }
        let start = Date()
        let progress = Progress(quiet: quiet)
        defer { progress.clear() }
        guard let headBuild = headExecutable(headCommit, setting: setting, progress: progress),
            let referenceBuild = build(referenceCommit, role: "reference", setting: setting, progress: progress)
        else { return 2 }
        Output.line(
            "gate: head \(headBuild.label) against reference \(referenceCommit.prefix(12)), threshold \(Format.fixed(threshold * 100, 0)) %"
        )
        var checks: [GateCheck] = []
        if head == nil {
            checks += machineIndependentChecks(vectorPaths: vectorPaths, progress: progress)
        } else {
            Output.line("gate: --head: timing only (the bit-exactness and vector checks run in this build)")
        }
        let pairs = SideBySideRun(
            head: headBuild.executable, reference: referenceBuild, arguments: arguments,
            directory: setting.repository, reportsDirectory: reportsDirectory)
        let result: SideBySideRun.Result
        do {
            result = try pairs.run(plan, comparison: comparison) { progress.update("gate: \($0)") }
        } catch {
            progress.clear()
            Output.error("gate: \(error)")
            return error.isReference ? 2 : 1
        }
        progress.clear()
        Output.line(GateLines.processes(result))
        let timed =
            result.outcomes.map { GateLines.check($0, result: result, threshold: threshold) }
            + ThreadUse.checks(result.head, converters: ["parallel"]).map(GateLines.check)
        for check in timed { Output.line(check.line) }
        checks += timed
        let failed = checks.filter { !$0.passed }
        Output.line(
            "gate: \(checks.count - failed.count) passed, \(failed.count) failed (\(Format.fixed(Date().timeIntervalSince(start), 1)) s)"
        )
        guard failed.isEmpty else {
            Output.line("gate: FAIL: " + failed.map(\.name).joined(separator: "; "))
            return 1
        }
        return 0
    }

    /// `--accept`: builds `revision` and the current reference (or
    /// `current`), compares them side by side, rewrites the reference file
    /// and prints what the commit message should carry.
    func accept(_ revision: String, why: String, against current: String?) -> Int32 {
        guard let setting = locate(), let old = resolveReference(current, setting: setting) else { return 2 }
        let new: String
        do { new = try setting.builder.commit(of: revision) } catch {
            Output.error("gate: --accept \(error)")
            return 2
        }
        guard acceptsThisBuild() else { return 2 }
        let progress = Progress(quiet: quiet)
        defer { progress.clear() }
        guard let oldBuild = build(old, role: "reference", setting: setting, progress: progress),
            let newBuild = build(new, role: "--accept", setting: setting, progress: progress)
        else { return 2 }
        let result: SideBySideRun.Result
        do {
            result = try SideBySideRun(
                head: newBuild, reference: oldBuild, arguments: arguments, directory: setting.repository,
                reportsDirectory: reportsDirectory
            ).run(plan, comparison: comparison) { progress.update("gate: \($0)") }
        } catch {
            progress.clear()
            Output.error("gate: \(error)")
            return 2
        }
        progress.clear()
        let file = setting.repository + "/" + GateReference.path
        do {
            try GateReference(commit: new, reason: why).text.write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            Output.error("gate: cannot write \(file): \(FileErrors.reason(error))")
            return 2
        }
        Output.line(GateLines.acceptance(old: old, new: new, why: why, result: result, threshold: threshold))
        return 0
    }

    /// Where the gate runs: the repository and the builder of its commits.
    struct Setting {
        /// The repository's working tree.
        let repository: String
        /// The builder of its commits.
        let builder: ReferenceBuilder
    }

    /// False (with its line) in a debug build, whose timings the gate does
    /// not compare; else true, after the machine's line.
    private func acceptsThisBuild() -> Bool {
        if MachineInfo.isDebugBuild {
            Output.line(
                "DEBUG BUILD: the gate refuses to compare debug timings; run 'swift run -c release bench gate ...'")
            return false
        }
        Output.line(MachineInfo.current().line)
        return true
    }

    /// The setting, or nil (with its line) outside a git repository.
    private func locate() -> Setting? {
        let directory = FileManager.default.currentDirectoryPath
        guard let git = CommandRunner.find("git"),
            let top = try? CommandRunner.run(git, ["-C", directory, "rev-parse", "--show-toplevel"]), top.status == 0
        else {
            Output.error("gate: \(directory) is not in a git repository (run the gate from FrameBench's checkout)")
            return nil
        }
        let repository = top.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return Setting(repository: repository, builder: ReferenceBuilder(repository: repository))
    }

    /// The reference's full commit id: `revision`, or the reference file's.
    private func resolveReference(_ revision: String?, setting: Setting) -> String? {
        if let revision {
            do { return try setting.builder.commit(of: revision) } catch {
                Output.error("gate: reference \(error)")
                return nil
            }
        }
        let file = setting.repository + "/" + GateReference.path
        do {
            let reference = try GateReference(parsing: try String(contentsOfFile: file, encoding: .utf8))
            return try setting.builder.commit(of: reference.commit)
        } catch {
            Output.error(
                "gate: \(GateReference.path): \(error is ReferenceBuildError ? "\(error)" : FileErrors.reason(error))")
            return nil
        }
    }

    /// This build, or `commit` built like the reference.
    private func headExecutable(_ commit: String?, setting: Setting, progress: Progress) -> (
        executable: String, label: String
    )? {
        guard let commit else { return (WorkerProcess.currentExecutable, "this build") }
        return build(commit, role: "head", setting: setting, progress: progress).map { ($0, String(commit.prefix(12))) }
    }

    /// The `bench` of `commit`, built unless cached; nil (with its line,
    /// naming `role` and the commit) when it cannot be built.
    private func build(_ commit: String, role: String, setting: Setting, progress: Progress) -> String? {
        let builder = setting.builder
        if !builder.isBuilt(commit) {
            Output.line("gate: building \(commit.prefix(12)) into \(builder.cache) (once per commit)")
        }
        let began = Date()
        do {
            let executable = try builder.build(commit) { progress.update("gate: \($0)") }
            progress.clear()
            if Date().timeIntervalSince(began) > 1 {
                Output.line("gate: built \(commit.prefix(12)) in \(Format.fixed(Date().timeIntervalSince(began), 0)) s")
            }
            return executable
        } catch {
            progress.clear()
            Output.error("gate: \(role) \(error)")
            return nil
        }
    }

    /// Bit-exactness, peers' deviation and the vectors, in this build.
    private func machineIndependentChecks(vectorPaths: [String], progress: Progress) -> [GateCheck] {
        let matrix = ColorMatrix.bt601
        let converters = ConverterRegistry.all()
        let peers = ConverterRegistry.peerNames.compactMap { ConverterRegistry.make($0) }
        progress.update("gate: bit-exactness on synthetic frames")
        var checks = [
            ConformanceChecks.syntheticExactness(converters, matrix: matrix),
            ConformanceChecks.syntheticDeviation(peers, matrix: matrix),
        ]
        for check in checks { Output.line(check.line) }
        var paths = vectorPaths
        if VectorFiles.directoryExists(VectorFiles.defaultDirectory) {
            paths.insert(VectorFiles.defaultDirectory, at: 0)
        }
        progress.update("gate: verifying vectors")
        let vectors = ConformanceChecks.vectorChecks(
            paths, converters: converters + peers, matrix: matrix, orientation: orientation ?? .upright)
        for check in vectors { Output.line(check.line) }
        checks += vectors
        progress.clear()
        return checks
    }
}
