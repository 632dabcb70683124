/// The first `length` bytes of another source: a stream read up to a
/// packet that must not be read (its header's offset as the length).
public struct IVFBytePrefix: IVFByteSource {
    /// The whole source.
    public let source: any IVFByteSource
    /// How many of its bytes this prefix holds at most.
    public let limit: Int

    /// The bytes of `source` before offset `limit`.
    public init(_ source: any IVFByteSource, limit: Int) {
        self.source = source
        self.limit = max(0, limit)
    }

    /// The source's length, at most `limit`.
    public func length() throws(FileReadError) -> Int { min(try source.length(), limit) }

    /// The source's bytes from `offset` on, none at or past `limit`.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileReadError) -> Int {
        guard offset >= 0, offset < limit else { return 0 }
        let count = min(buffer.count, limit - offset)
        return try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count]), at: offset)
    }
}
