import ChildProcesses
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a check worker as a child process (`ChildProcess`) and reads its
/// `WorkerLine`s from a pipe on the child's descriptor 3; the child's
/// standard output goes to this
/// process's standard error, and its standard input comes from a pipe of
/// this process (`WorkerSession.letGo`). A child that writes nothing for
/// `caseTimeout` seconds is killed.
public struct WorkerProcess: Sendable {
    /// How the child ended.
    public enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signalled(Int32)
        /// It made no progress within the time limit and was killed.
        case timedOut
        /// It could not be started (the reason).
        case notStarted(String)
    }

    /// What a run produced.
    public struct Run: Sendable {
        /// The protocol lines, in order (unparseable ones dropped).
        public var lines: [WorkerLine] = []
        /// How the child ended.
        public var termination: Termination = .exited(0)
        /// Processes it left running when it ended (killed then; `LeftoverProcesses`).
        public var leftovers = 0

        /// The last `case` line's description.
        public var lastCase: String? {
            lines.reversed().lazy.compactMap { if case .begin(let text) = $0 { text } else { nil } }.first
        }
        /// The plane of a reported guard-page fault.
        public var faultPlane: String? {
            lines.lazy.compactMap { if case .fault(let plane) = $0 { plane } else { nil } }.first
        }
        /// The source plane a converter wrote into, as the worker reported it.
        public var sourceWritePlane: String? {
            lines.lazy.compactMap { if case .sourceWrite(let plane) = $0 { plane } else { nil } }.first
        }
        /// The outcome line.
        public var outcome: (CheckOutcome.Status, String)? {
            lines.lazy.compactMap { if case .outcome(let s, let d) = $0 { (s, d) } else { nil } }.first
        }
    }

    /// The executable to run (default: this one, `/proc/self/exe`).
    public let executable: String
    /// Arguments before the request's (e.g. the hidden worker subcommand).
    public let prefix: [String]
    /// Seconds a case may take.
    public let caseTimeout: Double

    /// A runner of `executable prefix... REQUEST`.
    public init(executable: String = WorkerProcess.currentExecutable, prefix: [String], caseTimeout: Double = 10) {
        (self.executable, self.prefix, self.caseTimeout) = (executable, prefix, caseTimeout)
    }

    /// This process's executable.
    public static var currentExecutable: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs the worker on `request` until it ends or times out, keeping
    /// its protocol lines.
    public func run(_ request: CheckRequest) -> Run {
        switch start(request) {
        case .success(let session): session.finish(killing: false)
        case .failure(let reason): Run(termination: .notStarted(reason.description))
        }
    }

    /// Why a worker could not be started.
    public struct StartFailure: Error, CustomStringConvertible {
        /// The reason, in one line.
        public let description: String
    }

    /// Starts the worker on `request`: its protocol on a pipe from its
    /// descriptor 3, its standard input a pipe from this process.
    public func start(_ request: CheckRequest) -> Result<WorkerSession, StartFailure> {
        // No Swift backtracer in the child: a crash must end it at once, by its signal.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let token = LeftoverProcesses.newToken()
        environment[LeftoverProcesses.variable] = token
        var command = ChildCommand(executable, prefix + [request.argument], environment: environment)
        command.standardInput = .pipe
        command.standardOutput = .parentDescriptor(STDERR_FILENO)
        command.outputPipes = [CheckWorker.descriptor]
        do throws(SpawnError) {
            return .success(
                WorkerSession(process: try ChildProcess(command), token: token, caseTimeout: caseTimeout))
        } catch {
            if case .pipe = error { return .failure(StartFailure(description: "pipe failed")) }
            return .failure(StartFailure(description: error.description))
        }
    }
}
