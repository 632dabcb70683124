import ArgumentParser

/// The `bench` command: FrameBench's performance report, conformance
/// checks, CI gate, decoder and run comparison.
struct Bench: ParsableCommand {
    /// The version `bench --version` prints.
    static let version = "0.6.0"

    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark and conformance suite for I420 and NV12 → BGRA conversion of decoded video frames.",
        discussion: """
            A bare 'bench' runs the report. Exit status: 0 success; 1 a check failed (compare: an entry \
            is slower; decode, verify: a file is bad; present: a presentation time not strictly increasing or a frame lost; call: a participant failed; check: a converter failed a check; a --plugin refused); \(UsageFailure.exitCode) a usage mistake, bad \
            input to compare, the gate refusing a debug build, or a gate reference that is not a commit, \
            cannot be checked out or fails to build.
            """,
        version: version,
        subcommands: [
            ReportCommand.self, VerifyCommand.self, GateCommand.self, DecodeCommand.self,
            CompareCommand.self, PresentCommand.self, CallCommand.self, CheckCommand.self,
            CheckWorkerCommand.self, CountCommand.self, CountWorkerCommand.self,
        ],
        defaultSubcommand: ReportCommand.self)
}

/// How `bench` exits on a usage mistake: one line on standard error and
/// exit status 2.
enum UsageFailure {
    /// The exit status of a usage mistake.
    static let exitCode: Int32 = 2

    /// The one-line message for a parsing or validation `error` of `bench`.
    static func line(for error: any Error) -> String {
        let words = Bench.message(for: error).split(whereSeparator: { $0 == "\n" || $0 == " " })
        let message = words.filter { $0 != "-" }.joined(separator: " ")
        return message + " (see 'bench help')"
    }
}
