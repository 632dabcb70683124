import ArgumentParser
import ConverterChecks

/// `bench check-worker REQUEST` (hidden): the child process `check` and
/// the plug-in pre-flight run, so a plug-in that crashes or hangs takes
/// only this process down.
struct CheckWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-worker", abstract: "Internal: one isolated check (JSON request).", shouldDisplay: false)

    /// The subcommand's name, for the parent's command line.
    static let name = "check-worker"

    @Argument(help: "The request, as JSON.")
    var request: String

    func run() throws {
        guard let request = CheckRequest(argument: request) else { throw ValidationError("malformed worker request") }
        throw ExitCode(CheckWorker.run(request))
    }
}

extension IsolatedCheck {
    /// Isolation through this executable's hidden worker subcommand.
    static func bench(caseTimeout: Double = 10) -> IsolatedCheck {
        IsolatedCheck(worker: WorkerProcess(prefix: [CheckWorkerCommand.name], caseTimeout: caseTimeout))
    }
}
