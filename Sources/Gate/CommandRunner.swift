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
    /// closed, and waits for it; after `timeout` seconds (nil: never) it is
    /// killed (SIGKILL, so its status is 128 + 9).
    /// - Throws: what `Process.run` throws when the program cannot start.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        timeout: Double? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog) }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Result(status: status, output: String(decoding: data, as: UTF8.self))
    }

    /// The full path of `program` on `PATH` (nil when it is not there).
    public static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
