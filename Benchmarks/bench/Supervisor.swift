import ConverterChecks
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a command that will load plug-in code into its own process
/// (report, verify, decode with `--plugin`) as a child of a parent that
/// loads none: the parent waits, passes the child's exit status on, and
/// turns death by a signal (a crash the pre-flight did not catch) into one
/// line and exit status 1, so `bench` itself never dies by a signal.
enum Supervisor {
    /// Set in the child's environment.
    static let variable = "FRAMEBENCH_SUPERVISED"

    /// Returns in the child (where the command goes on); in the parent,
    /// runs the child and exits with its outcome.
    static func superviseUnlessSupervised() {
        guard ProcessInfo.processInfo.environment[variable] == nil else { return }
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let executable = WorkerProcess.currentExecutable
        let argv: [UnsafeMutablePointer<CChar>?] =
            ([executable] + CommandLine.arguments.dropFirst()).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        // A standard output kept for a JSON document is the child's to write.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let kept = DocumentDestination.reservedDescriptor {
            posix_spawn_file_actions_adddup2(&actions, kept, STDOUT_FILENO)
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        for pointer in argv + envp { free(pointer) }
        guard spawned == 0 else {
            Output.error("cannot run \(executable): \(String(cString: strerror(spawned)))")
            exit(1)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        fflush(nil)
        if status & 0x7f == 0 { exit((status >> 8) & 0xff) }
        Output.error(
            "a plug-in converter crashed (\(WorkerProcess.signalName(status & 0x7f))) after passing its pre-flight; the output above is incomplete"
        )
        exit(1)
    }
}
