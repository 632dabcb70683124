import Frames

/// Reads IVF packets one at a time from an `IVFByteSource` (a file or bytes
/// in memory), checking every field before using it.
///
/// Packets come out in file order; on the first malformed or unreadable
/// header the reader throws an `IVFError` naming the packet and byte
/// offset, and the packets already returned stay valid. Memory does not
/// depend on the stream's length: the reader holds the 32-byte file header
/// and one packet buffer, reused for every packet and never larger than
/// the largest packet read so far (at most `maximumPacketSize`). No
/// allocation is sized by a field of the file before that field has been
/// checked against `maximumPacketSize` and against the bytes left in the
/// source.
public struct IVFReader: Sendable, PacketSource {
    /// Largest packet accepted (64 MiB: far above any VP8 frame; a larger
    /// declared size means a corrupt file).
    public static let maximumPacketSize: UInt32 = 64 << 20

    /// Size of a packet header in bytes: a 32-bit size and a 64-bit pts.
    public static let packetHeaderByteCount = 12

    /// The parsed file header.
    public let header: IVFHeader
    private let source: any IVFByteSource
    /// The reused packet buffer; `data` of the packet returned last is a
    /// prefix of it.
    private var buffer: [UInt8] = []
    private var cursor: Int
    private var nextNumber = 1

    /// The track the header describes (the reader refuses a fourcc that
    /// names no codec).
    public var track: Track {
        Track(
            container: "IVF", codec: header.codec!, timebase: header.timebase,
            declaredSize: FrameSize(width: Int(header.width), height: Int(header.height)))
    }

    /// Reads and parses the file header of `source`.
    /// - Throws: `IVFError` for an empty source, a short header, a bad
    ///   signature, version, header length, fourcc or timebase, or a
    ///   failed read (`.readFailed`).
    public init(source: any IVFByteSource) throws(IVFError) {
        self.source = source
        var bytes = [UInt8](repeating: 0, count: IVFHeader.byteCount)
        let count = try Self.read(source, into: &bytes, count: bytes.count, at: 0, packet: nil, place: 0)
        guard count > 0 else { throw IVFError(.emptyFile, packet: nil, offset: 0) }
        guard count == IVFHeader.byteCount else {
            throw IVFError(.truncatedFileHeader(available: count), packet: nil, offset: 0)
        }
        header = try Self.parseHeader(bytes)
        cursor = IVFHeader.byteCount
    }

    /// Parses the file header of the stream held in `bytes`; as
    /// `init(source:)` over `IVFBytes(bytes)`.
    public init(bytes: [UInt8]) throws(IVFError) {
        try self.init(source: IVFBytes(bytes))
    }

    /// The next packet, or nil at a clean end of the source.
    /// - Throws: `IVFError` for a short packet header, a packet larger than
    ///   the bytes left, one above `maximumPacketSize`, or a failed read.
    ///   After a throw the reader stays at the faulty packet.
    public mutating func next() throws(IVFError) -> Packet? {
        var head = [UInt8](repeating: 0, count: Self.packetHeaderByteCount)
        let got = try Self.read(source, into: &head, count: head.count, at: cursor, packet: nextNumber, place: cursor)
        if got == 0 { return nil }
        guard got == Self.packetHeaderByteCount else {
            throw IVFError(.truncatedPacketHeader(available: got), packet: nextNumber, offset: cursor)
        }
        let size = Self.le32(head, 0)
        guard size <= Self.maximumPacketSize else {
            throw IVFError(.packetTooLarge(declared: size), packet: nextNumber, offset: cursor)
        }
        let start = cursor + Self.packetHeaderByteCount
        let available: Int
        do { available = max(0, try source.length() - start) } catch {
            throw IVFError(.readFailed(reason: error.reason), packet: nextNumber, offset: cursor)
        }
        guard Int(size) <= available else {
            throw IVFError(.truncatedPacket(declared: size, available: available), packet: nextNumber, offset: cursor)
        }
        reserve(Int(size))
        let copied = try Self.read(
            source, into: &buffer, count: Int(size), at: start, packet: nextNumber, place: cursor)
        guard copied == Int(size) else {  // the source shrank since `length()`
            throw IVFError(.truncatedPacket(declared: size, available: copied), packet: nextNumber, offset: cursor)
        }
        let pts = Int64(bitPattern: UInt64(Self.le32(head, 4)) | UInt64(Self.le32(head, 8)) << 32)
        let packet = Packet(number: nextNumber, offset: cursor, pts: pts, data: buffer[0..<Int(size)])
        cursor = start + Int(size)
        nextNumber += 1
        return packet
    }

    /// Makes `buffer` hold at least `size` bytes (`size` is at most
    /// `maximumPacketSize`), growing it at least twofold, up to that limit,
    /// so a stream of ever larger packets reallocates only a few times.
    private mutating func reserve(_ size: Int) {
        guard buffer.count < size else { return }
        let grown = min(max(size, 2 * buffer.count), Int(Self.maximumPacketSize))
        buffer = []  // free the old buffer first (unless a packet still holds it)
        buffer = [UInt8](repeating: 0, count: grown)
    }

    /// Reads `count` bytes at `offset` into the start of `array`, giving
    /// back how many were read; a read failure becomes `.readFailed` at
    /// `packet` and `place`.
    private static func read(
        _ source: any IVFByteSource, into array: inout [UInt8], count: Int, at offset: Int,
        packet: Int?, place: Int
    ) throws(IVFError) -> Int {
        // `withUnsafeMutableBytes` rethrows untyped errors: carry the typed one out.
        let result = array.withUnsafeMutableBytes { bytes in
            Result { () throws(FileReadError) in
                try source.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[0..<count]), at: offset)
            }
        }
        switch result {
        case .success(let count): return count
        case .failure(let error): throw IVFError(.readFailed(reason: error.reason), packet: packet, offset: place)
        }
    }

    /// The checked fields of a 32-byte file header.
    private static func parseHeader(_ bytes: [UInt8]) throws(IVFError) -> IVFHeader {
        guard bytes[0..<4].elementsEqual("DKIF".utf8) else {
            throw IVFError(.badSignature, packet: nil, offset: 0)
        }
        let version = le16(bytes, 4)
        guard version == 0 else { throw IVFError(.unsupportedVersion(version), packet: nil, offset: 4) }
        let headerLength = le16(bytes, 6)
        guard Int(headerLength) == IVFHeader.byteCount else {
            throw IVFError(.unsupportedHeaderLength(headerLength), packet: nil, offset: 6)
        }
        let fourcc = String(
            decoding: bytes[8..<12].map { (0x20...0x7e).contains($0) ? $0 : UInt8(ascii: "?") },
            as: UTF8.self)
        guard IVFHeader.supportedFourCCs.contains(fourcc) else {
            throw IVFError(.unsupportedFourCC(fourcc), packet: nil, offset: 8)
        }
        let rate = le32(bytes, 16)
        let scale = le32(bytes, 20)
        guard let timebase = Timebase(numerator: scale, denominator: rate) else {
            throw IVFError(.invalidTimebase(rate: rate, scale: scale), packet: nil, offset: 16)
        }
        return IVFHeader(
            version: version, headerLength: headerLength, fourcc: fourcc,
            width: le16(bytes, 12), height: le16(bytes, 14),
            timebase: timebase, declaredFrameCount: le32(bytes, 24))
    }

    private static func le16(_ b: [UInt8], _ i: Int) -> UInt16 {
        UInt16(b[i]) | UInt16(b[i + 1]) << 8
    }

    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
}
