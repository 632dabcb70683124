import Conformance
import ConverterChecks
import Converters
import Foundation
import Frames
import Measurement
import Streams

/// The steps `run` and `accept` share: where the gate runs, which commits
/// it compares, their builds, and the checks made in this build.
extension GateRun {
    /// Where the gate runs: the repository and the builder of its commits.
    struct Setting {
        /// The repository's working tree.
        let repository: String
        /// The builder of its commits.
        let builder: ReferenceBuilder
    }

    /// False (with its line) in a debug build, whose timings the gate does
    /// not compare; else true, after the machine's line.
    func acceptsThisBuild() -> Bool {
        if MachineInfo.isDebugBuild {
            reporter.line(
                "DEBUG BUILD: the gate refuses to compare debug timings; run 'swift run -c release bench gate ...'")
            return false
        }
        reporter.line(MachineInfo.current().line)
        return true
    }

    /// The setting, or nil (with its line) outside a git repository.
    func locate() -> Setting? {
        let directory = FileManager.default.currentDirectoryPath
        guard let git = CommandRunner.find("git"),
            let top = try? CommandRunner.run(git, ["-C", directory, "rev-parse", "--show-toplevel"]), top.status == 0
        else {
            reporter.error("gate: \(directory) is not in a git repository (run the gate from FrameBench's checkout)")
            return nil
        }
        let repository = top.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return Setting(repository: repository, builder: ReferenceBuilder(repository: repository))
    }

    /// The reference's full commit id: `revision`, or the reference file's.
    func resolveReference(_ revision: String?, setting: Setting) -> String? {
        if let revision {
            do { return try setting.builder.commit(of: revision) } catch {
                reporter.error("gate: reference \(error)")
                return nil
            }
        }
        let file = setting.repository + "/" + GateReference.path
        do {
            let reference = try GateReference(parsing: try String(contentsOfFile: file, encoding: .utf8))
            return try setting.builder.commit(of: reference.commit)
        } catch {
            reporter.error(
                "gate: \(GateReference.path): \(error is ReferenceBuildError ? "\(error)" : FileErrors.reason(error))")
            return nil
        }
    }

    /// This build, or `commit` built like the reference.
    func headExecutable(_ commit: String?, setting: Setting) -> (executable: String, label: String)? {
        guard let commit else { return (WorkerProcess.currentExecutable, "this build") }
        return build(commit, role: "head", setting: setting).map { ($0, String(commit.prefix(12))) }
    }

    /// The `bench` of `commit`, built unless cached; nil (with its line,
    /// naming `role` and the commit) when it cannot be built.
    func build(_ commit: String, role: String, setting: Setting) -> String? {
        let builder = setting.builder
        if !builder.isBuilt(commit) {
            reporter.line("gate: building \(commit.prefix(12)) into \(builder.cache) (once per commit)")
        }
        let began = Date()
        do {
            let executable = try builder.build(commit) { reporter.progress("gate: \($0)") }
            reporter.clearProgress()
            if Date().timeIntervalSince(began) > 1 {
                reporter.line(
                    "gate: built \(commit.prefix(12)) in \(GateLines.fixed(Date().timeIntervalSince(began), 0)) s")
            }
            return executable
        } catch {
            reporter.clearProgress()
            reporter.error("gate: \(role) \(error)")
            return nil
        }
    }

    /// Bit-exactness, peers' deviation and the vectors, in this build.
    func machineIndependentChecks(vectorPaths: [String]) -> [GateCheck] {
        let matrix = ColorMatrix.bt601
        let converters = ConverterRegistry.all()
        let peers = ConverterRegistry.peerNames.compactMap { ConverterRegistry.make($0) }
        reporter.progress("gate: bit-exactness on synthetic frames")
        var checks = [
            ConformanceChecks.syntheticExactness(converters, matrix: matrix, layouts: layouts.layouts),
            ConformanceChecks.syntheticDeviation(peers, matrix: matrix),
        ]
        for check in checks { reporter.line(check.line) }
        var paths = vectorPaths
        if VectorFiles.directoryExists(VectorFiles.defaultDirectory) {
            paths.insert(VectorFiles.defaultDirectory, at: 0)
        }
        reporter.progress("gate: verifying vectors")
        let vectors = ConformanceChecks.vectorChecks(
            paths, converters: converters + peers, matrix: matrix, orientation: orientation ?? .upright)
        for check in vectors { reporter.line(check.line) }
        checks += vectors
        reporter.clearProgress()
        return checks
    }
}
