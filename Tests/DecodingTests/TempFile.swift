import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A file in the temp directory, written by offset (so it can be sparse),
/// removed by `remove()` (call it in a `defer`).
struct TempFile {
    let path: String
    private let descriptor: Int32

    /// Creates an empty file named after `name` in `$TMPDIR` (else `/tmp`).
    init(_ name: String) throws {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/framebench-\(name)-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        try #require(fd >= 0, "mkstemp failed: \(String(cString: strerror(errno)))")
        descriptor = fd
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes `bytes` at `offset` (past the end leaves a hole).
    func write(_ bytes: [UInt8], at offset: Int) throws {
        let n = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        try #require(n == bytes.count, "pwrite at \(offset) failed: \(String(cString: strerror(errno)))")
    }

    /// Sets the file's length: longer makes a hole that reads as zeros.
    func truncate(to length: Int) throws {
        try #require(ftruncate(descriptor, off_t(length)) == 0, "ftruncate failed: \(String(cString: strerror(errno)))")
    }

    /// Blocks the file really occupies, in bytes (a sparse file's are few).
    func allocatedBytes() -> Int {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int(info.st_blocks) * 512 : -1
    }

    /// Closes and deletes the file.
    func remove() {
        close(descriptor)
        unlink(path)
    }

    /// A file holding exactly `bytes`.
    static func holding(_ bytes: [UInt8], name: String) throws -> TempFile {
        let file = try TempFile(name)
        if !bytes.isEmpty { try file.write(bytes, at: 0) }
        return file
    }
}
