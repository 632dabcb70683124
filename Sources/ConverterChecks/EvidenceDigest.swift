import Frames

/// A 64-bit digest of bytes, as 16 hexadecimal digits: what a check worker
/// sends for outputs the parent already holds the expected bytes of, and
/// for source planes after a call. Not cryptographic: a converter that
/// could forge a matching digest would need the expected bytes, which is
/// converting.
struct EvidenceDigest {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// Adds `count` bytes at `start`.
    mutating func add(_ start: UnsafeRawPointer, count: Int) {
        var hash = self.hash ^ UInt64(count)
        var offset = 0
        while offset + 8 <= count {
            hash = (hash ^ start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* Self.prime
            hash ^= hash >> 29
            offset += 8
        }
        while offset < count {
            hash = (hash ^ UInt64(start.load(fromByteOffset: offset, as: UInt8.self))) &* Self.prime
            offset += 1
        }
        self.hash = hash
    }

    /// The digest of what was added.
    var text: String {
        var hash = self.hash ^ (self.hash >> 32)
        hash &*= 0xd6e8_feb8_6659_fd93
        hash ^= hash >> 32
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The digest of every byte of `buffer`, row padding included.
    static func of(_ buffer: BGRABuffer) -> String {
        var digest = EvidenceDigest()
        digest.add(UnsafeRawPointer(buffer.allBytes.baseAddress!), count: buffer.allBytes.count)
        return digest.text
    }

    /// The digest of `source`'s meaningful bytes, plane by plane and row
    /// by row (padding between rows left out: a decoder's is not the same
    /// from one process to the next).
    static func of(_ source: SourceFrame) -> String {
        var digest = EvidenceDigest()
        for (_, plane) in source.planes {
            for row in 0..<plane.height { digest.add(plane.base + row * plane.stride, count: plane.width) }
        }
        return digest.text
    }
}
