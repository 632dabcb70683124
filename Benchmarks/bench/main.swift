import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

// Parse, run, and map every outcome to one exit status: help, --version
// and completion scripts to standard output and 0; a command's own status
// as it is; any usage mistake to one line on standard error and 2.
do {
    EnvironmentSettings.check()
    var command = try Bench.parseAsRoot()
    if (command as? any WritesDocument)?.json == .standardOutput { DocumentDestination.reserveStandardOutput() }
    try command.run()
} catch let status as ExitCode {
    exit(status.rawValue)
} catch {
    if Bench.exitCode(for: error) == .success {
        Output.line(Bench.fullMessage(for: error))
        exit(0)
    }
    Output.error(UsageFailure.line(for: error))
    exit(UsageFailure.exitCode)
}
