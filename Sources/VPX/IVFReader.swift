import Frames

/// One compressed frame from an IVF file.
public struct IVFPacket: Sendable {
    /// 1-based position of the packet in the file (vpxdec's frame number).
    public let number: Int
    /// Byte offset of the packet's 12-byte header in the file.
    public let offset: Int
    /// Presentation timestamp in ticks of the file's timebase.
    public let pts: Int64
    /// The compressed bytes (a slice of the file, no copy).
    public let data: ArraySlice<UInt8>
}

/// Reads IVF packets from a file's bytes, checking every field before
/// using it.
///
/// Packets come out in file order; on the first malformed header the
/// reader throws an `IVFError` naming the packet and byte offset, and the
/// packets already returned stay valid. No allocation is sized by a field
/// of the file: packets are slices of the bytes given to `init`.
public struct IVFReader: Sendable {
    /// Largest packet accepted (64 MiB: far above any VP8 frame; a larger
    /// declared size means a corrupt file).
    public static let maximumPacketSize: UInt32 = 64 << 20

    /// The parsed file header.
    public let header: IVFHeader
    private let bytes: [UInt8]
    private var cursor: Int
    private var nextNumber = 1

    /// Parses the file header of `bytes`.
    /// - Throws: `IVFError` for an empty file, a short header, a bad
    ///   signature, version, header length, fourcc or timebase.
    public init(bytes: [UInt8]) throws(IVFError) {
        self.bytes = bytes
        guard !bytes.isEmpty else { throw IVFError(.emptyFile, packet: nil, offset: 0) }
        guard bytes.count >= IVFHeader.byteCount else {
            throw IVFError(.truncatedFileHeader(available: bytes.count), packet: nil, offset: 0)
        }
        guard bytes[0..<4].elementsEqual("DKIF".utf8) else {
            throw IVFError(.badSignature, packet: nil, offset: 0)
        }
        let version = Self.le16(bytes, 4)
        guard version == 0 else { throw IVFError(.unsupportedVersion(version), packet: nil, offset: 4) }
        let headerLength = Self.le16(bytes, 6)
        guard Int(headerLength) == IVFHeader.byteCount else {
            throw IVFError(.unsupportedHeaderLength(headerLength), packet: nil, offset: 6)
        }
        let fourcc = String(decoding: bytes[8..<12].map { (0x20...0x7e).contains($0) ? $0 : UInt8(ascii: "?") },
                            as: UTF8.self)
        guard IVFHeader.supportedFourCCs.contains(fourcc) else {
            throw IVFError(.unsupportedFourCC(fourcc), packet: nil, offset: 8)
        }
        let rate = Self.le32(bytes, 16), scale = Self.le32(bytes, 20)
        guard let timebase = Timebase(numerator: scale, denominator: rate) else {
            throw IVFError(.invalidTimebase(rate: rate, scale: scale), packet: nil, offset: 16)
        }
        header = IVFHeader(
            version: version, headerLength: headerLength, fourcc: fourcc,
            width: Self.le16(bytes, 12), height: Self.le16(bytes, 14),
            timebase: timebase, declaredFrameCount: Self.le32(bytes, 24))
        cursor = IVFHeader.byteCount
    }

    /// The next packet, or nil at a clean end of file.
    /// - Throws: `IVFError` for a short packet header, a packet larger than
    ///   the bytes left, or one above `maximumPacketSize`. After a throw the
    ///   reader stays at the faulty packet.
    public mutating func next() throws(IVFError) -> IVFPacket? {
        let remaining = bytes.count - cursor
        if remaining == 0 { return nil }
        guard remaining >= 12 else {
            throw IVFError(.truncatedPacketHeader(available: remaining), packet: nextNumber, offset: cursor)
        }
        let size = Self.le32(bytes, cursor)
        guard size <= Self.maximumPacketSize else {
            throw IVFError(.packetTooLarge(declared: size), packet: nextNumber, offset: cursor)
        }
        guard Int(size) <= remaining - 12 else {
            throw IVFError(.truncatedPacket(declared: size, available: remaining - 12),
                           packet: nextNumber, offset: cursor)
        }
        let pts = Int64(bitPattern: UInt64(Self.le32(bytes, cursor + 4)) | UInt64(Self.le32(bytes, cursor + 8)) << 32)
        let start = cursor + 12
        let packet = IVFPacket(number: nextNumber, offset: cursor, pts: pts, data: bytes[start..<start + Int(size)])
        cursor = start + Int(size)
        nextNumber += 1
        return packet
    }

    private static func le16(_ b: [UInt8], _ i: Int) -> UInt16 {
        UInt16(b[i]) | UInt16(b[i + 1]) << 8
    }

    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
}
