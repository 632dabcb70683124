#if canImport(Glibc)
import Glibc
#endif

/// One child process, started with `posix_spawn` (no fork of the possibly
/// multithreaded parent), with the parent's ends of its pipes. Kill it,
/// wait for it (with or without a deadline, seeing stops or not) and read
/// its pipes; it is reaped once, and its exit is kept. Releasing it closes
/// its pipes but neither kills nor reaps it: wait for it first.
public final class ChildProcess {
    /// Its process id.
    public let pid: pid_t
    /// The pipe into its standard input, when the command asked for one.
    public let standardInput: WritingPipe?
    /// The pipe from its standard output, when the command asked for one.
    public let standardOutput: ReadingPipe?
    /// The pipe from its standard error, when the command asked for one.
    public let standardError: ReadingPipe?
    /// Whether it leads its own process group (which `kill` then reaches).
    public let ownProcessGroup: Bool
    private let outputPipes: [Int32: ReadingPipe]
    /// Its exit, once reaped.
    var exit: ChildExit?
    /// Whether `kill(timedOut: true)` killed it.
    var timedOut = false

    /// Starts `command`.
    /// - Throws: `SpawnError` when a pipe cannot be made or `posix_spawn` fails.
    public init(_ command: ChildCommand) throws(SpawnError) {
        var actions = try SpawnActions(command)
        defer { actions.destroy() }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if command.ownProcessGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        let executable = Self.absolute(command.executable)
        let argv: [UnsafeMutablePointer<CChar>?] = ([command.executable] + command.arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] =
            command.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions.actions, &attributes, argv, envp)
        actions.closeChildEnds()
        guard spawned == 0 else {
            actions.closeParentEnds()
            throw .spawn(executable: command.executable, error: spawned)
        }
        self.pid = pid
        ownProcessGroup = command.ownProcessGroup
        standardInput = actions.standardInput.map(WritingPipe.init)
        standardOutput = actions.standardOutput.map(ReadingPipe.init)
        standardError = actions.standardError.map(ReadingPipe.init)
        outputPipes = actions.outputPipes.mapValues(ReadingPipe.init)
    }

    /// `path` made absolute from this process's current directory: the
    /// child changes to the command's directory before `exec`, where a
    /// relative path would name another file.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let directory = getcwd(nil, 0) else { return path }
        defer { free(directory) }
        return String(cString: directory) + "/" + path
    }

    /// The pipe from the child's `descriptor`, one of the command's `outputPipes`.
    public func output(at descriptor: Int32) -> ReadingPipe? { outputPipes[descriptor] }

    /// Sends `signal` to the child (not to its group); nothing once it is reaped.
    public func signal(_ signal: Int32) {
        guard exit == nil else { return }
        Glibc.kill(pid, signal)
    }

    /// Kills the child with `SIGKILL`, and its process group when it leads
    /// one; nothing once it is reaped. With `timedOut`, its exit will say
    /// it was killed because a deadline passed.
    public func kill(timedOut: Bool = false) {
        guard exit == nil else { return }
        if timedOut { self.timedOut = true }
        if ownProcessGroup { Glibc.kill(-pid, SIGKILL) }
        Glibc.kill(pid, SIGKILL)
    }

    /// The CPU time (user and system) the child's threads have used so
    /// far; nil once it is reaped or when the clock cannot be read. Read
    /// while it is stopped, it is exact to the nanosecond.
    public func cpuTime() -> Duration? {
        guard exit == nil else { return nil }
        var clock = clockid_t()
        var time = timespec()
        guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &time) == 0 else { return nil }
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
