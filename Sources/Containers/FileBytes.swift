#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads small whole files: MD5 sidecars, golden lists, test fixtures and
/// fuzz inputs. IVF streams are not read this way: `IVFFile` and
/// `StreamDecoder.decode(path:)` read them packet by packet.
public enum FileBytes {
    /// The default `limit` of `read(_:limit:)` (64 MiB): far above any
    /// sidecar or fixture, and a bound on what a mistaken path (a huge
    /// file) can make us allocate.
    public static let defaultLimit = 64 << 20

    /// The bytes of the regular file at `path`, at most `limit` of them.
    /// - Throws: `FileReadError` with the system's reason when the file
    ///   cannot be opened or read, is not a regular file, or is larger than
    ///   `limit` bytes (checked before anything is allocated).
    public static func read(_ path: String, limit: Int = defaultLimit) throws(FileReadError) -> [UInt8] {
        let file = try IVFFile(path: path)
        let size = try file.length()
        guard size <= limit else {
            throw FileReadError(reason: "file is \(size) bytes, above the \(limit)-byte limit")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        // `withUnsafeMutableBytes` rethrows untyped errors: carry the typed one out.
        let count = try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(FileReadError) in try file.read(into: buffer, at: 0) }
        }.get()
        guard count == size else { throw FileReadError(reason: "file shrank while reading") }
        return bytes
    }
}
