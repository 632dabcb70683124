/// Little-endian helpers for building IVF streams in tests.
public enum IVFBuild {
    /// A 12-byte packet header: size, then the 64-bit pts.
    public static func packetHeader(size: UInt32, pts: UInt64) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: pts >> (8 * UInt64($0))) }
    }

    /// Offsets and sizes of the packets of a well-formed stream.
    public static func packets(of bytes: [UInt8]) -> [(offset: Int, size: Int)] {
        var packets: [(offset: Int, size: Int)] = []
        var offset = 32
        while offset + 12 <= bytes.count {
            let size =
                Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
                | Int(bytes[offset + 3]) << 24
            packets.append((offset, size))
            offset += 12 + size
        }
        return packets
    }
}
