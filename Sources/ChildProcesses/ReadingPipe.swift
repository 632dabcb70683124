#if canImport(Glibc)
import Glibc
#endif

/// The parent's reading end of a pipe from a child process, closed when
/// this is released (or by `close()`).
public final class ReadingPipe: PipeEnd {
    /// Waits until a read will not block (bytes are there, the writers
    /// all closed their ends, or the descriptor failed); false when
    /// `deadline` (nil: none) passed first.
    public func waitReadable(until deadline: ContinuousClock.Instant?) -> Bool {
        while true {
            guard let timeout = pollTimeout(until: deadline) else { return false }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, timeout)
            if ready > 0 || (ready < 0 && errno != EINTR) { return true }
        }
    }

    /// Reads what is there into `buffer` (blocking until something is):
    /// the count read, 0 at the end, -1 on an error.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 || errno != EINTR { return count }
        }
    }

    /// The bytes there now, up to about `limit`, without waiting for more
    /// (the descriptor is non-blocking from then on).
    public func readAvailable(limit: Int) -> [UInt8] {
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { read(into: $0) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}
