#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// Waits for the child to end and reaps it; at `deadline` (nil: none)
    /// it is killed (`kill(timedOut: true)`) and then reaped. Stops are not
    /// seen. Once reaped, returns the same exit at once.
    @discardableResult
    public func wait(until deadline: ContinuousClock.Instant? = nil) -> ChildExit {
        if let exit { return exit }
        guard let deadline else {
            while true {
                if case .ended(let exit) = change(options: 0) { return exit }
            }
        }
        while true {
            if case .ended(let exit)? = change(options: WNOHANG) { return exit }
            if ContinuousClock.now > deadline {
                kill(timedOut: true)
                return wait()
            }
            usleep(1000)
        }
    }

    /// Waits, without a deadline, until the child stops (by any signal,
    /// `SIGSTOP` or job control) or ends; an end is reaped.
    public func nextChange() -> ChildChange {
        if let exit { return .ended(exit) }
        while true {
            if let change = change(options: WUNTRACED) { return change }
        }
    }

    /// Watches, every 50 µs until `deadline`, for the child to stop or end
    /// (an end is reaped); nil when neither happened by then (the child is
    /// left as it is).
    public func waitForStop(until deadline: ContinuousClock.Instant) -> ChildChange? {
        if let exit { return .ended(exit) }
        while ContinuousClock.now <= deadline {
            if let change = change(options: WUNTRACED | WNOHANG) { return change }
            usleep(50)
        }
        return nil
    }

    /// One `wait4` with `options`: nil when nothing changed (`WNOHANG`) or
    /// it was interrupted. A child that cannot be waited for (`wait4`
    /// fails: it was reaped elsewhere) counts as ended by `SIGKILL`.
    private func change(options: Int32) -> ChildChange? {
        var status: Int32 = 0
        var usage = rusage()
        let found = wait4(pid, &status, options, &usage)
        if found == 0 || (found < 0 && errno == EINTR) { return nil }
        if found > 0 && status & 0xff == 0x7f { return .stopped((status >> 8) & 0xff) }
        let termination = found > 0 ? ChildTermination(waitStatus: status) : .signalled(SIGKILL)
        let exit = ChildExit(termination: termination, timedOut: timedOut, usage: ResourceUsage(usage))
        self.exit = exit
        return .ended(exit)
    }
}
