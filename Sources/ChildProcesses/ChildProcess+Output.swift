#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// Starts `command` and runs it to its end (`collect(until:)`).
    /// - Throws: `SpawnError` when it cannot start.
    public static func run(_ command: ChildCommand, until deadline: ContinuousClock.Instant? = nil)
        throws(SpawnError) -> CollectedOutput
    {
        try ChildProcess(command).collect(until: deadline)
    }

    /// Reads the child's standard output and standard error pipes (those
    /// it has) together, as the child fills them, so neither can stall it,
    /// until both are closed; closes its standard input pipe first, if any;
    /// then reaps it. At `deadline` (nil: none) it is killed
    /// (`kill(timedOut: true)`), what its pipes hold then is kept, and it is
    /// reaped. Further `outputPipes` are not read: read them yourself.
    public func collect(until deadline: ContinuousClock.Instant? = nil) -> CollectedOutput {
        standardInput?.close()
        let pipes = [standardOutput, standardError]
        var bytes: [[UInt8]] = [[], []]
        var open = pipes.indices.filter { pipes[$0] != nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var pollers = open.map { pollfd(fd: pipes[$0]!.descriptor, events: Int16(POLLIN), revents: 0) }
            guard let timeout = pollTimeout(until: deadline) else {
                kill(timedOut: true)
                for index in open { bytes[index] += pipes[index]!.readAvailable(limit: .max) }
                break
            }
            let ready = poll(&pollers, nfds_t(pollers.count), timeout)
            guard ready > 0 else {
                if ready < 0 && errno != EINTR { break }
                continue
            }
            for (poller, index) in zip(pollers, open) where poller.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { pipes[index]!.read(into: $0) }
                if count > 0 {
                    bytes[index] += buffer[..<count]
                } else {
                    open.removeAll { $0 == index }
                }
            }
        }
        for pipe in pipes { pipe?.close() }
        return CollectedOutput(exit: wait(until: deadline), standardOutput: bytes[0], standardError: bytes[1])
    }
}
