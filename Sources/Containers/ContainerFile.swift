/// Opens a file with the reader its content calls for: FrameBench's own IVF
/// reader for a file that starts with `DKIF`, libavformat for anything else
/// (WebM, Matroska, MP4, MOV). The extension plays no part.
public enum ContainerFile {
    /// The packets of the file at `path` (its `trackNumber`-th video track,
    /// 1-based; nil: the first).
    /// - Throws: `FileReadError` when the file cannot be opened, `IVFError`
    ///   for a malformed IVF header, `ContainerError` for a file libavformat
    ///   cannot read or a track the file does not hold (an IVF file holds
    ///   one).
    public static func open(path: String, trackNumber: Int? = nil) throws -> any PacketSource {
        let file = try IVFFile(path: path)
        var signature = [UInt8](repeating: 0, count: 4)
        let count = try signature.withUnsafeMutableBytes { try file.read(into: $0, at: 0) }
        if count < 4 || signature.elementsEqual("DKIF".utf8) {
            if let trackNumber, trackNumber != 1 {
                throw ContainerError(
                    packet: nil, offset: nil, reason: "no video track \(trackNumber) (an IVF file holds one)")
            }
            return try IVFReader(source: file)
        }
        return try AVFormatReader(path: path, trackNumber: trackNumber)
    }
}
