#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files for the IVF reader.
public enum FileBytes {
    /// Largest file read (1 GiB): far above any test stream, and a bound on
    /// what a mistaken path (a device, a huge file) can make us allocate.
    public static let maximumSize = 1 << 30

    /// The bytes of the regular file at `path`.
    /// - Throws: `FileReadError` with the system's reason when the file
    ///   cannot be opened or read, is not a regular file, or is larger than
    ///   `maximumSize`.
    public static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw FileReadError(reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw FileReadError(reason: "not a regular file") }
        guard Int(info.st_size) <= maximumSize else {
            throw FileReadError(reason: "file is \(info.st_size) bytes, above the \(maximumSize)-byte limit")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw FileReadError(reason: n == 0 ? "file shrank while reading" : String(cString: strerror(errno))) }
            done += n
        }
        return bytes
    }
}

/// Why a file could not be read.
public struct FileReadError: Error, CustomStringConvertible {
    /// The system's or FrameBench's reason.
    public let reason: String
    /// `"cannot read: <reason>"`.
    public var description: String { "cannot read: \(reason)" }
}
