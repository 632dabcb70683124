#if canImport(Glibc)
import Glibc
#endif

/// The parent's writing end of a pipe into a child process, closed when
/// this is released (or by `close()`).
public final class WritingPipe: PipeEnd {
    /// Writes `bytes` whole; false when the child's end is closed (a child
    /// that ended) or the write failed. The `SIGPIPE` such a write raises
    /// is blocked on this thread and taken back, so it never ends the parent.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        var pipeSignal = sigset_t()
        var previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if errno == EPIPE {
                    var none = timespec()
                    _ = sigtimedwait(&pipeSignal, nil, &none)
                }
                return false
            }
            written += count
        }
        return true
    }
}
