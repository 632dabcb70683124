import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// Ends the process with `status`, the command's own: a supervised child
/// tells its parent first (`Supervisor`).
func finish(_ status: Int32) -> Never {
    Supervisor.finish(status)
    exit(status)
}

// Parse, run, and map every outcome to one exit status: help, --version
// and completion scripts to standard output and 0; a command's own status
// as it is; any usage mistake to one line on standard error and 2.
do {
    EnvironmentSettings.check()
    var command = try Bench.parseAsRoot()
    if (command as? any WritesDocument)?.json == .standardOutput { DocumentDestination.reserveStandardOutput() }
    try command.run()
    finish(0)
} catch let status as ExitCode {
    finish(status.rawValue)
} catch {
    if Bench.exitCode(for: error) == .success {
        Output.line(Bench.fullMessage(for: error))
        finish(0)
    }
    Output.error(UsageFailure.line(for: error))
    finish(UsageFailure.exitCode)
}
