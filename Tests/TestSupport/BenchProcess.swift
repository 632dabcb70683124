import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `bench` executable as a separate process, for tests of
/// the command line (exit codes, stdout, stderr).
public enum BenchProcess {
    /// What one run printed and returned.
    public struct Run: Sendable {
        /// Exit status, or -1 when the process was killed by a signal.
        public let status: Int32
        /// Everything written to standard output.
        public let stdout: String
        /// Everything written to standard error.
        public let stderr: String

        /// Whether this is a usage error as bench reports one: exit status
        /// 2, one line on standard error starting `bench: `, nothing on
        /// standard output.
        public var isUsageError: Bool {
            status == 2 && stderr.split(separator: "\n").count == 1 && stderr.hasPrefix("bench: ") && stdout.isEmpty
        }

        /// Status and output, for a failed expectation's message.
        public var shown: String { "exit \(status), stderr \(stderr), stdout \(stdout.prefix(200))" }

        /// Standard output's lines.
        public var lines: [String] {
            stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }

        /// The entry names of the report document standard output holds
        /// alone (`bench --json`); nil when it holds anything but one JSON
        /// document with a `benchmarks` array.
        public var reportEntryNames: [String]? {
            guard let document = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any],
                let entries = document["benchmarks"] as? [[String: Any]]
            else { return nil }
            return entries.compactMap { $0["name"] as? String }
        }
    }

    /// The built `bench`: beside this test binary in the products directory,
    /// else in the package's default `.build/debug`; nil when not built.
    public static var path: String? {
        var candidates: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 {
            candidates.append(
                directoryOf(String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)) + "/bench")
        }
        if let argv0 = CommandLine.arguments.first, argv0.contains("/") {
            candidates.append(directoryOf(argv0) + "/bench")
        }
        candidates.append(TestPaths.packageRoot + "/.build/debug/bench")
        return candidates.first { access($0, X_OK) == 0 }
    }

    /// Why `path` is nil, for the failure message.
    public static let notBuiltReason =
        "the bench executable is not built (looked beside the test binary and in .build/debug): run `swift build` or `swift test`"

    /// Runs `bench arguments` with `directory` as working directory (default:
    /// the package root) and `environment` added to this process's. Output goes through files, so large outputs cannot
    /// block a pipe; `posix_spawn` rather than Foundation's `Process`, which
    /// leaks under LeakSanitizer.
    /// - Throws: `BenchProcessError` when `bench` is not built or cannot start.
    public static func run(
        _ arguments: [String], in directory: String = TestPaths.packageRoot,
        environment: [String: String] = [:]
    ) throws -> Run {
        guard let bench = path else { throw BenchProcessError(description: notBuiltReason) }
        var template = Array("/tmp/framebench-run-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchProcessError(description: "mkdtemp failed") }
        let scratch = String(cString: made)
        let out = scratch + "/stdout"
        let err = scratch + "/stderr"
        defer {
            unlink(out)
            unlink(err)
            rmdir(scratch)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // `env -C` sets the working directory (glibc's addchdir is not exposed to Swift).
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let command = ["/usr/bin/env", "-C", directory] + assignments + [bench] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchProcessError(description: "cannot run \(bench): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return Run(status: exited ? (status >> 8) & 0xff : -1, stdout: readText(out), stderr: readText(err))
    }

    private static func directoryOf(_ path: String) -> String {
        String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }

    private static func readText(_ path: String) -> String {
        guard let file = fopen(path, "rb") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// `bench` could not be run.
public struct BenchProcessError: Error, CustomStringConvertible {
    /// Why.
    public let description: String
}
