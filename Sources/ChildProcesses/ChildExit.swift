/// A reaped child process: how it ended, whether the runner killed it at a
/// deadline, and what it used.
public struct ChildExit: Equatable, Sendable {
    /// How it ended (`signalled(SIGKILL)` when killed at a deadline).
    public let termination: ChildTermination
    /// Whether it was killed because a deadline passed (`ChildProcess.kill(timedOut:)`).
    public let timedOut: Bool
    /// Its CPU time and largest resident set.
    public let usage: ResourceUsage
}
