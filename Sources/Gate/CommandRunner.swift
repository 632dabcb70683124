import ChildProcesses
import Foundation

/// Runs a program to its end and gives its exit status and output.
public enum CommandRunner {
    /// What a finished program gave.
    public struct Result: Sendable {
        /// The exit status (128 + the signal's number when a signal ended it).
        public let status: Int32
        /// Standard output and standard error, interleaved as written.
        public let output: String

        /// The last line of `output` that names an error (`error:`), else
        /// its last non-empty line; empty when there is no output.
        public var lastErrorLine: String {
            let lines = output.split(whereSeparator: \.isNewline).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
            return lines.last { $0.contains("error:") } ?? lines.last ?? ""
        }
    }

    /// Runs `executable` with `arguments` in `directory` (nil: the current
    /// one), with `environment` added to this process's, standard input
    /// `/dev/null`, in a process group of its own and keeping none of this
    /// process's other descriptors, and waits for it; after `timeout`
    /// seconds (nil: never) it and its group are killed (SIGKILL, so its
    /// status is 128 + 9).
    /// - Throws: `SpawnError` when the program cannot start.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        timeout: Double? = nil
    ) throws -> Result {
        var command = ChildCommand(
            executable, arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, added in added },
            directory: directory)
        command.standardInput = .nullDevice
        command.standardOutput = .pipe
        command.standardError = .standardOutput
        command.ownProcessGroup = true
        command.closesOtherDescriptors = true
        let collected = try ChildProcess.run(command, until: timeout.map { ContinuousClock.now + .seconds($0) })
        return Result(
            status: collected.exit.termination.shellStatus,
            output: String(decoding: collected.standardOutput, as: UTF8.self))
    }

    /// The full path of `program` on `PATH` (nil when it is not there).
    public static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
