import ChildProcesses
import ConverterChecks
import Foundation
import Plugins

#if canImport(Glibc)
import Glibc
#endif

/// Runs a command that will load plug-in code into its own process
/// (the report with `--plugin`) as a child of a parent that
/// loads none. The parent waits and passes the child's exit status on only
/// when the child said it finished with that status; anything else ends in
/// one line naming what happened and exit status 1, so `bench` itself never
/// dies by a signal, hangs on a stopped or stuck child, or reports success
/// for a run that plug-in code cut short:
/// - death by a signal (a crash the pre-flight did not catch);
/// - an exit the command did not make (plug-in code calling `exit`);
/// - a stop by `SIGSTOP` (the child is killed; a job-control stop, which
///   the parent shared, is continued);
/// - plug-in code running longer than `callLimit` without returning (the
///   child's watchdog kills it);
/// - processes plug-in code started and left running (`LeftoverProcesses`:
///   killed once the child has ended).
enum Supervisor {
    /// Set in the child's environment to the descriptor it reports on.
    static let variable = "FRAMEBENCH_SUPERVISED"
    /// The descriptor a supervised child reports on (the writing end of a
    /// pipe the parent reads).
    private static let reportDescriptor: Int32 = 4
    /// Set in the child's environment to the file a report's child writes
    /// its `WitnessedReport` to.
    static let recordVariable = "FRAMEBENCH_SUPERVISED_RECORD"

    /// In a supervised child, the file to write the report's evidence to.
    static var recordPath: String? { ProcessInfo.processInfo.environment[recordVariable] }

    /// The longest one call into plug-in code (a conversion, or loading the
    /// plug-in) may run in a supervised child, in seconds.
    static let callLimit = 10.0

    /// The descriptor a supervised child reports on; nil elsewhere.
    nonisolated(unsafe) private static var report: Int32?

    /// Returns in the child (where the command goes on, watched for plug-in
    /// code that does not return); in the parent, runs the child and exits
    /// with its outcome. The child must also leave a `WitnessedReport`
    /// whose claims its evidence bears out (the parent checks the digests
    /// against libyuv), or the parent exits 1.
    static func superviseUnlessSupervised() {
        if let value = ProcessInfo.processInfo.environment[variable] {
            becomeChild(reportingOn: Int32(value))
            return
        }
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = "\(reportDescriptor)"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let token = LeftoverProcesses.newToken()
        environment[LeftoverProcesses.variable] = token
        guard let record = makeRecordFile() else {
            Output.error("cannot make a file in /tmp for the evidence of the report's process")
            exit(1)
        }
        environment[recordVariable] = record
        let child = spawnChild(environment: environment)
        let outcome = waitForChild(child)
        let leftovers = LeftoverProcesses.kill(carrying: token)
        fflush(nil)
        var status = verdict(outcome, said: saidLines(child.output(at: reportDescriptor)!))
        status = max(status, judgeReport(at: record, childStatus: status))
        unlink(record)
        guard leftovers == 0 else {
            Output.error("plug-in code left \(leftovers) process\(leftovers == 1 ? "" : "es") running (killed)")
            exit(1)
        }
        exit(status)
    }

    /// An empty file of this process's for the child's report evidence.
    private static func makeRecordFile() -> String? {
        var template = Array("/tmp/framebench-report-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return nil }
        close(descriptor)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The parent's judgement of the report the child left at `path`: 1
    /// (after a line each) when it is missing while the child says it
    /// succeeded, cannot be read, or claims bit-exactness its digests do
    /// not bear out; else 0, after a line saying how many cells were
    /// judged.
    private static func judgeReport(at path: String, childStatus: Int32) -> Int32 {
        let data = FileManager.default.contents(atPath: path) ?? Data()
        guard !data.isEmpty else {
            guard childStatus == 0 else { return 0 }
            Output.error("the report's process sent no report document to check its plug-in converters against")
            return 1
        }
        let report: WitnessedReport
        do {
            report = try JSONDecoder().decode(WitnessedReport.self, from: data)
        } catch {
            Output.error("the report's process sent a report document that cannot be read (\(error))")
            return 1
        }
        let problems = report.problems()
        for problem in problems { Output.error("plug-in converter evidence: \(problem)") }
        guard problems.isEmpty else { return 1 }
        let cells = report.judgedCells
        Output.error(
            "bit-exactness of plug-in converters checked outside their process: \(cells) cell\(cells == 1 ? "" : "s"), each against libyuv's output"
        )
        return 0
    }

    /// In a supervised child: the command's own exit with `status`, told
    /// to the parent before the process exits.
    static func finish(_ status: Int32) {
        guard let report else { return }
        say("finished \(status)", on: report)
    }

    /// Spawns this executable with this process's arguments and
    /// `environment`, reporting on a pipe at `reportDescriptor`.
    private static func spawnChild(environment: [String: String]) -> ChildProcess {
        var command = ChildCommand(
            WorkerProcess.currentExecutable, Array(CommandLine.arguments.dropFirst()), environment: environment)
        // A standard output kept for a JSON document is the child's to write.
        if let kept = DocumentDestination.reservedDescriptor { command.standardOutput = .parentDescriptor(kept) }
        command.outputPipes = [reportDescriptor]
        do throws(SpawnError) {
            return try ChildProcess(command)
        } catch {
            Output.error(error.description)
            exit(1)
        }
    }

    /// How the child ended, and the signal that stopped it when it was
    /// killed for being stopped.
    private typealias Outcome = (termination: ChildTermination, stoppedBy: Int32?)

    /// Waits for `child` to end. A child stopped by `SIGSTOP` is killed
    /// (and reported as stopped); one stopped by job control is continued,
    /// since this parent runs again only once its job does.
    private static func waitForChild(_ child: ChildProcess) -> Outcome {
        var stoppedBy: Int32?
        while true {
            switch child.nextChange() {
            case .stopped(let signal) where [SIGTSTP, SIGTTIN, SIGTTOU].contains(signal):
                child.signal(SIGCONT)
            case .stopped(let signal):
                stoppedBy = signal
                child.kill()
            case .ended(let exit):
                return (exit.termination, stoppedBy)
            }
        }
    }

    /// The lines the child said on `pipe`, read without waiting for its
    /// end (a process the child forked may hold the pipe open).
    private static func saidLines(_ pipe: ReadingPipe) -> [Substring] {
        let bytes = pipe.readAvailable(limit: 65536)
        pipe.close()
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    }

    /// The parent's exit status for `outcome` with `said` (the child's
    /// lines), after one line on standard error for anything but a finish.
    private static func verdict(_ outcome: Outcome, said: [Substring]) -> Int32 {
        let incomplete = "the output above is incomplete"
        if said.contains(where: { $0.hasPrefix("stuck") }) {
            Output.error(
                "plug-in code (a conversion, or the plug-in's loading) ran for more than \(Int(callLimit)) s without returning; the process was killed and \(incomplete)"
            )
            return 1
        }
        if let signal = outcome.stoppedBy {
            Output.error(
                "plug-in code stopped the process (\(ChildTermination.name(ofSignal: signal))); it was killed and \(incomplete)"
            )
            return 1
        }
        switch outcome.termination {
        case .exited(let status) where said.last == "finished \(status)":
            return status
        case .exited(let status):
            Output.error(
                "the process ended with exit status \(status) before the command finished (plug-in code ended it); \(incomplete)"
            )
        case .signalled(let signal):
            Output.error(
                "a plug-in converter crashed (\(ChildTermination.name(ofSignal: signal))) after passing its pre-flight; \(incomplete)"
            )
        }
        return 1
    }

    /// In the child: keeps `descriptor` from the processes it starts, and
    /// watches for plug-in code that runs longer than `callLimit`.
    private static func becomeChild(reportingOn descriptor: Int32?) {
        guard let descriptor, descriptor > STDERR_FILENO else { return }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        report = descriptor
        PluginCalls.watch()
        Thread.detachNewThread {
            // Plug-in code is stuck when a call runs and no call has begun
            // or ended for `callLimit` seconds.
            var last = PluginCalls.counts
            var unchanged = 0.0
            while true {
                usleep(100_000)
                let counts = PluginCalls.counts
                unchanged = counts == last && counts.begun != counts.ended ? unchanged + 0.1 : 0
                last = counts
                if unchanged > callLimit {
                    say("stuck", on: descriptor)
                    kill(getpid(), SIGKILL)
                }
            }
        }
    }

    /// Writes `line` and a newline to `descriptor`.
    private static func say(_ line: String, on descriptor: Int32) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
