#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open regular file read by offset (`pread`), for streaming an IVF
/// file of any length.
///
/// Holds one file descriptor, opened in `init` and closed when the last
/// copy of the reference goes. Reads are positional, so copies of a reader
/// sharing the file never disturb each other. Nothing is read ahead or
/// cached: memory use does not depend on the file's length.
public final class IVFFile: IVFByteSource {
    /// The path given to `init`.
    public let path: String
    private let descriptor: Int32

    /// Opens the regular file at `path` for reading.
    /// - Throws: `FileReadError` with the system's reason when it cannot be
    ///   opened, or `"not a regular file"` for a directory, device or pipe.
    public init(path: String) throws(FileReadError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(reason: Self.systemReason()) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = Self.systemReason()
            close(fd)
            throw FileReadError(reason: reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw FileReadError(reason: "not a regular file")
        }
        self.path = path
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// The file's current size (`fstat`).
    /// - Throws: `FileReadError` with the system's reason if `fstat` fails.
    public func length() throws(FileReadError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileReadError(reason: Self.systemReason()) }
        return Int(info.st_size)
    }

    /// Reads from `offset` until `buffer` is full or the file ends
    /// (`pread`, retried after a signal or a partial read).
    /// - Throws: `FileReadError` with the system's reason (e.g.
    ///   `Input/output error`) when a read fails.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileReadError) -> Int {
        guard let base = buffer.baseAddress, offset >= 0 else { return 0 }
        var done = 0
        while done < buffer.count {
            let n = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw FileReadError(reason: Self.systemReason()) }
            if n == 0 { break }
            done += n
        }
        return done
    }

    private static func systemReason() -> String { String(cString: strerror(errno)) }
}
