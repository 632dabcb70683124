import ChildProcesses
import Foundation

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

    private let process: ChildProcess
    private let protocolPipe: ReadingPipe
    private let goPipe: WritingPipe
    private let token: String
    private let caseTimeout: Duration
    private var pending: [UInt8] = []
    private var lastProgress = ContinuousClock.now
    private var isOpen = true
    /// Whether the worker was killed for writing nothing for `caseTimeout`.
    private var timedOut = false
    private var result: WorkerProcess.Run?
    /// Every protocol line read so far, in order.
    public private(set) var lines: [WorkerLine] = []

    /// A session of `process`, started with a pipe from `CheckWorker.descriptor`
    /// and one into its standard input, whose environment carries `token`.
    init(process: ChildProcess, token: String, caseTimeout: Double) {
        (self.process, self.token, self.caseTimeout) = (process, token, .seconds(caseTimeout))
        protocolPipe = process.output(at: CheckWorker.descriptor)!
        goPipe = process.standardInput!
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
                lastProgress = .now
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
            let n = protocolPipe.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]))
            if n <= 0 {
                isOpen = false
                return false
            }
            offset += n
            lastProgress = .now
        }
        return true
    }

    /// Tells a worker that waits for the parent one byte on its standard
    /// input: a count from 1 to 255 to go on with, 0 to stop. The stall
    /// clock restarts.
    public func letGo(_ word: UInt8) {
        // A worker that died closed the pipe: the write fails, and never raises SIGPIPE here.
        goPipe.write([word])
        lastProgress = .now
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
        guard result == nil, case .stopped? = process.waitForStop(until: .now + caseTimeout) else { return nil }
        let seenAt = ContinuousClock.now
        let cpuTime = process.cpuTime()
        process.signal(SIGCONT)
        let continuedAt = ContinuousClock.now
        lastProgress = .now
        guard let cpuTime else { return nil }
        return Stop(cpuTime: cpuTime, seenAt: seenAt, continuedAt: continuedAt)
    }

    /// Ends the session: kills the worker when `killing` (or when it
    /// stalled), reaps it (killing it if it runs on for `caseTimeout` after
    /// closing its pipe), kills what it left running, and returns what the
    /// run produced. Later calls return the same.
    @discardableResult
    public func finish(killing: Bool) -> WorkerProcess.Run {
        if let result { return result }
        if killing && !timedOut { process.kill() }
        if !killing {
            while true {
                if case .end = next() { break }
            }
        }
        let exit = process.wait(until: .now + caseTimeout)
        var run = WorkerProcess.Run()
        run.lines = lines
        switch exit.termination {
        case _ where timedOut || exit.timedOut: run.termination = .timedOut
        case .exited(let status): run.termination = .exited(status)
        case .signalled(let signal): run.termination = .signalled(signal)
        }
        run.leftovers = LeftoverProcesses.kill(carrying: token)
        protocolPipe.close()
        goPipe.close()
        result = run
        return run
    }

    /// Reads what is available into `pending`; false at the end.
    private func fill() -> Bool {
        guard wait() else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { protocolPipe.read(into: $0) }
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
        guard isOpen else { return false }
        if protocolPipe.waitReadable(until: lastProgress + caseTimeout) { return true }
        process.kill()
        timedOut = true
        isOpen = false
        return false
    }
}
