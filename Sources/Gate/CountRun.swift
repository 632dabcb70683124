import Foundation
import Frames
import SIMDRows

/// Counts a build's converters: its `bench count-worker` run under
/// Callgrind once per SIMD level (`CountPlan.levels`) and converter, each
/// dump of the counting process (`CountedConversions`) read back as the
/// converter's count in one cell.
///
/// One process per converter: what a converter allocates is counted, and
/// in a process shared with others `malloc`'s path moved with their
/// allocations (in three runs of one build, `simd` at 640x480 mirror by up
/// to 0.11 %); alone, a converter's count is the same on every run.
///
/// Each level's process gets `FRAMEBENCH_SIMD` set to the level and
/// `FRAMEBENCH_STORES=cached` (the store kind is then a rule, not a timed
/// trial, so the path through the kernel does not depend on timing) and
/// `SWIFT_DETERMINISTIC_HASHING=1` (a dictionary's probes do not depend on
/// a seed drawn per process).
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
    /// The built-in converters counted at the first level
    /// (`CountPlan.converters`); at the others, those of them in
    /// `CountPlan.levelDependent`.
    public let converters: [String]
    /// The plug-ins' converters, counted at every level (their code may
    /// read `FRAMEBENCH_SIMD` too).
    public let pluginConverters: [String]
    /// Plug-ins the counting process loads.
    public let plugins: [String]
    /// Valgrind's executable.
    public let valgrind: String
    /// Seconds one level's process may take before it is killed.
    public var timeout = 1_200.0

    /// A count of `converters` and `pluginConverters` (of `plugins`) in the
    /// `bench` at `executable`, under the `valgrind` given.
    public init(
        executable: String, converters: [String], pluginConverters: [String] = [], plugins: [String],
        valgrind: String
    ) {
        self.executable = executable
        self.converters = converters
        self.pluginConverters = pluginConverters
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
            let names =
                (index == 0 ? converters : converters.filter { CountPlan.levelDependent.contains($0) })
                + pluginConverters
            for name in names {
                progress("counting \(name)'s instructions at \(level.rawValue) under Callgrind")
                counts += try count(name, at: level)
            }
        }
        return counts
    }

    /// One converter's process at one level, and its dumps.
    private func count(_ name: String, at level: SIMDLevel) throws(Failure) -> [InstructionCount] {
        let files = FileManager.default
        let directory = files.temporaryDirectory.appendingPathComponent("framebench-count-\(getpid())-\(level)-\(name)")
            .path
        try? files.removeItem(atPath: directory)
        do { try files.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw Failure(description: "cannot create \(directory): \(error.localizedDescription)")
        }
        defer { try? files.removeItem(atPath: directory) }
        var worker = [executable, Self.workerCommand, "--converter", name]
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
                environment: [
                    SIMDLevel.environmentVariable: level.rawValue, "FRAMEBENCH_STORES": "cached",
                    "SWIFT_DETERMINISTIC_HASHING": "1",
                ],
                timeout: timeout)
        } catch {
            throw Failure(description: "valgrind does not start: \(error)")
        }
        guard result.status == 0 else {
            throw Failure(
                description:
                    "the count of \(name) at \(level.rawValue) exited \(result.status): \(result.lastErrorLine)")
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
                    "the count of \(name) at \(level.rawValue) dumped no counts (\(result.lastErrorLine.isEmpty ? "no output" : result.lastErrorLine))"
            )
        }
        return counts.sorted { lhs, rhs in
            guard let left = lhs.cell, let right = rhs.cell else { return false }
            return left < right
        }
    }
}
