import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One running check worker, read as it goes: its protocol lines one at a
/// time, the raw bytes that follow an `output` line read straight into the
/// reader's memory, a byte sent on its standard input to let it go on, and
/// its CPU time read from outside while it stops itself. Every wait ends
/// when the worker writes nothing for `caseTimeout` seconds (it is then
/// killed).
public final class WorkerSession {
    /// What a read gave.
    public enum Read {
        /// A line of the protocol.
        case line(WorkerLine)
        /// A line the protocol does not define (at most 200 characters of it).
        case undefined(String)
        /// The worker closed its descriptor (ended) or was killed for making no progress.
        case end
    }

    private let pid: pid_t
    private let readEnd: Int32
    private let goEnd: Int32
    private let token: String
    private let caseTimeout: Double
    private var pending: [UInt8] = []
    private var lastProgress = Date()
    private var isOpen = true
    private var timedOut = false
    private var result: WorkerProcess.Run?
    private var reaped: Int32?
    /// Every protocol line read so far, in order.
    public private(set) var lines: [WorkerLine] = []

    init(pid: pid_t, readEnd: Int32, goEnd: Int32, token: String, caseTimeout: Double) {
        (self.pid, self.readEnd, self.goEnd, self.token, self.caseTimeout) =
            (pid, readEnd, goEnd, token, caseTimeout)
    }

    deinit {
        if result == nil { _ = finish(killing: true) }
    }

    /// The next line: a defined one is also kept in `lines`. Lines longer
    /// than 64 KiB end the session as undefined.
    public func next() -> Read {
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let text = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                lastProgress = Date()
                guard let line = WorkerLine(text: text) else { return .undefined(String(text.prefix(200))) }
                lines.append(line)
                return .line(line)
            }
            if pending.count > 65536 { return .undefined(String(decoding: pending.prefix(200), as: UTF8.self)) }
            guard fill() else { return .end }
        }
    }

    /// Reads exactly `buffer.count` raw bytes into `buffer`; false when the
    /// worker ended or stalled first.
    public func readBytes(into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var offset = min(pending.count, buffer.count)
        if offset > 0 {
            pending.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: offset) }
            pending.removeFirst(offset)
        }
        while offset < buffer.count {
            guard wait() else { return false }
            let n = read(readEnd, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 {
                isOpen = false
                return false
            }
            offset += n
            lastProgress = Date()
        }
        return true
    }

    /// Tells a worker that waits for the parent one byte on its standard
    /// input: a count from 1 to 255 to go on with, 0 to stop. The stall
    /// clock restarts.
    public func letGo(_ word: UInt8) {
        // A worker that died closed the pipe: the write fails with EPIPE,
        // and the SIGPIPE it raises is blocked here and then taken back.
        var pipeSignal = sigset_t()
        var previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        var byte = word
        if write(goEnd, &byte, 1) < 0 && errno == EPIPE {
            var none = timespec()
            _ = sigtimedwait(&pipeSignal, nil, &none)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        lastProgress = Date()
    }

    /// A worker stopped by its own `SIGSTOP`, as the parent saw it.
    public struct Stop: Sendable {
        /// The CPU time its threads had used (user and system), read while
        /// it was stopped: every thread's time accounted to the nanosecond,
        /// where a running process's clock, read from outside, lags by up
        /// to a scheduler tick.
        public let cpuTime: Duration
        /// When the parent saw it stopped (within 50 µs of its stopping).
        public let seenAt: ContinuousClock.Instant
        /// When the parent had continued it (`SIGCONT`).
        public let continuedAt: ContinuousClock.Instant
    }

    /// Waits until the worker stops itself (`SIGSTOP`), reads its CPU time
    /// and continues it. Nil when the worker ended, or did not stop within
    /// `caseTimeout`.
    public func waitForStop() -> Stop? {
        guard result == nil, reaped == nil else { return nil }
        let clock = ContinuousClock()
        let start = clock.now
        while clock.now - start <= .seconds(caseTimeout) {
            var status: Int32 = 0
            let found = waitpid(pid, &status, WUNTRACED | WNOHANG)
            if found < 0 && errno == EINTR { continue }
            guard found >= 0 else { return nil }
            if found == 0 {
                usleep(50)
                continue
            }
            let seenAt = clock.now
            guard status & 0xff == 0x7f else {
                reaped = status
                return nil
            }
            var cpuClock = clockid_t()
            var time = timespec()
            let read = clock_getcpuclockid(pid, &cpuClock) == 0 && clock_gettime(cpuClock, &time) == 0
            kill(pid, SIGCONT)
            let continuedAt = clock.now
            lastProgress = Date()
            guard read else { return nil }
            return Stop(
                cpuTime: .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec), seenAt: seenAt, continuedAt: continuedAt)
        }
        return nil
    }

    /// Ends the session: kills the worker when `killing` (or when it
    /// stalled), reaps it, kills what it left running, and returns what
    /// the run produced. Later calls return the same.
    @discardableResult
    public func finish(killing: Bool) -> WorkerProcess.Run {
        if let result { return result }
        if killing && !timedOut { kill(pid, SIGKILL) }
        if !killing {
            while true {
                if case .end = next() { break }
            }
        }
        let status = reap()
        var run = WorkerProcess.Run()
        run.lines = lines
        run.termination =
            timedOut ? .timedOut : status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        run.leftovers = LeftoverProcesses.kill(carrying: token)
        close(readEnd)
        close(goEnd)
        result = run
        return run
    }

    /// Reads what is available into `pending`; false at the end.
    private func fill() -> Bool {
        guard wait() else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = read(readEnd, &chunk, chunk.count)
        guard n > 0 else {
            isOpen = false
            return false
        }
        pending += chunk[..<n]
        return true
    }

    /// Waits until the pipe is readable; false when it is closed or the
    /// worker stalled (then killed).
    private func wait() -> Bool {
        while isOpen {
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { isOpen = false }
            if Date().timeIntervalSince(lastProgress) > caseTimeout {
                kill(pid, SIGKILL)
                timedOut = true
                isOpen = false
            }
        }
        return false
    }

    /// Waits for the worker (stops aside) for at most `caseTimeout`
    /// seconds, then kills it (a worker can close its pipe and run on);
    /// its wait status.
    private func reap() -> Int32 {
        if let reaped { return reaped }
        var status: Int32 = 0
        let start = Date()
        while true {
            let found = waitpid(pid, &status, WNOHANG)
            if found == pid || (found < 0 && errno != EINTR) { return status }
            if found == 0 && Date().timeIntervalSince(start) > caseTimeout {
                kill(pid, SIGKILL)
                timedOut = true
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return status
            }
            usleep(1000)
        }
    }
}
