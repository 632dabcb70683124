import Foundation
import Frames
import SIMDRows

/// Counts a build's converters: its `bench count-worker` run under
/// Callgrind once per SIMD level (`CountPlan.levels`), each dump of the
/// counting process (`CountedConversions`) read back as one converter's
/// count in one cell.
///
/// Each level's process gets `FRAMEBENCH_SIMD` set to the level and
/// `FRAMEBENCH_STORES=cached` (the store kind is then a rule, not a timed
/// trial, so the path through the kernel does not depend on timing).
public struct CountRun: Sendable {
    /// The hidden subcommand of `bench` that converts under Callgrind.
    public static let workerCommand = "count-worker"

    /// Why a count could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// One line: what failed and its last error line.
        public let description: String
    }

    /// The `bench` whose converters are counted.
    public let executable: String
    /// The converters counted at the first level (`CountPlan.converters`);
    /// at the others, those of them in `CountPlan.levelDependent` and the
    /// plug-ins' (whose code may read `FRAMEBENCH_SIMD` too).
    public let converters: [String]
    /// Plug-ins the counting process loads.
    public let plugins: [String]
    /// Valgrind's executable.
    public let valgrind: String
    /// Seconds one level's process may take before it is killed.
    public var timeout = 1_200.0

    /// A count of `converters` (and the converters of `plugins`) in the
    /// `bench` at `executable`, under the `valgrind` given.
    public init(executable: String, converters: [String], plugins: [String], valgrind: String) {
        self.executable = executable
        self.converters = converters
        self.plugins = plugins
        self.valgrind = valgrind
    }

    /// Counts at each of `levels`, the first with every converter.
    /// - Throws: `Failure` when a level's process fails or dumps no count.
    public func run(levels: [SIMDLevel] = CountPlan.levels(), progress: (String) -> Void = { _ in })
        throws(Failure) -> [InstructionCount]
    {
        var counts: [InstructionCount] = []
        for (index, level) in levels.enumerated() {
            let names = index == 0 ? converters : converters.filter { CountPlan.levelDependent.contains($0) }
            guard !names.isEmpty || !plugins.isEmpty else { continue }
            progress("counting instructions at \(level.rawValue) under Callgrind")
            counts += try count(names, at: level)
        }
        return counts
    }

    /// One level's process and its dumps.
    private func count(_ names: [String], at level: SIMDLevel) throws(Failure) -> [InstructionCount] {
        let files = FileManager.default
        let directory = files.temporaryDirectory.appendingPathComponent("framebench-count-\(getpid())-\(level)").path
        try? files.removeItem(atPath: directory)
        do { try files.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw Failure(description: "cannot create \(directory): \(error.localizedDescription)")
        }
        defer { try? files.removeItem(atPath: directory) }
        var worker = [executable, Self.workerCommand]
        if !names.isEmpty { worker += ["--converters", names.joined(separator: ",")] }
        for plugin in plugins { worker += ["--plugin", plugin] }
        let arguments =
            [
                "--tool=callgrind", "--collect-atstart=no", "--instr-atstart=no",
                "--callgrind-out-file=\(directory)/out", "-q",
            ] + worker
        let result: CommandRunner.Result
        do {
            result = try CommandRunner.run(
                valgrind, arguments,
                environment: [SIMDLevel.environmentVariable: level.rawValue, "FRAMEBENCH_STORES": "cached"],
                timeout: timeout)
        } catch {
            throw Failure(description: "valgrind does not start: \(error)")
        }
        guard result.status == 0 else {
            throw Failure(
                description: "the count at \(level.rawValue) exited \(result.status): \(result.lastErrorLine)")
        }
        let dumps = ((try? files.contentsOfDirectory(atPath: directory)) ?? []).compactMap { name in
            (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)).flatMap(CallgrindDump.init)
        }
        let counts = dumps.compactMap { dump -> InstructionCount? in
            guard let request = dump.request, let (converter, cell, frames) = CountPlan.parse(request: request)
            else { return nil }
            return InstructionCount(
                converter: converter, cell: cell, level: level.rawValue, frames: frames, instructions: dump.instructions
            )
        }
        guard !counts.isEmpty else {
            throw Failure(
                description:
                    "the count at \(level.rawValue) dumped no counts (\(result.lastErrorLine.isEmpty ? "no output" : result.lastErrorLine))"
            )
        }
        return counts.sorted { lhs, rhs in
            guard let left = lhs.cell, let right = rhs.cell else { return false }
            return left < right
        }
    }
}
