/// Random-access bytes an `IVFReader` reads an IVF stream from: an open
/// file (`IVFFile`) or bytes already in memory (`IVFBytes`).
///
/// The reader asks for the 32-byte file header, then, in file order, for
/// each packet's 12-byte header and its payload; it asks for a payload only
/// after checking the declared size against `IVFReader.maximumPacketSize`
/// and against `length()`, so a source is never asked for more than that
/// limit at once.
public protocol IVFByteSource: Sendable {
    /// How many bytes the source holds now (for a file: its current size).
    /// - Throws: `FileReadError` with the system's reason when the size
    ///   cannot be found.
    func length() throws(FileReadError) -> Int

    /// Copies the bytes from `offset` on into `buffer`, as many as fit or
    /// as remain, and returns how many it copied: fewer than `buffer.count`
    /// only when the source ends first (0 at or past its end).
    /// - Throws: `FileReadError` with the system's reason when the bytes
    ///   cannot be read.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileReadError) -> Int
}
