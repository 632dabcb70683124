/// An IVF stream held in memory (fuzz inputs, tests, streams built on the fly).
public struct IVFBytes: IVFByteSource {
    /// The whole stream.
    public let bytes: [UInt8]

    /// A source over `bytes` (no copy: arrays are shared until written).
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// `bytes.count`; never throws.
    public func length() throws(FileReadError) -> Int { bytes.count }

    /// Copies `bytes[offset...]` into `buffer` as far as it fits; never throws.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileReadError) -> Int {
        guard offset >= 0, offset < bytes.count, let destination = buffer.baseAddress else { return 0 }
        let count = min(buffer.count, bytes.count - offset)
        bytes.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
        return count
    }
}
