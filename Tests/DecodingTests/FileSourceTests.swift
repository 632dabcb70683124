import Conformance
import Containers
import Decoding
import Frames
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// IVF input read from a file (`IVFFile`) behaves exactly as the same bytes
/// in memory (`IVFBytes`): same packets, same frames, same errors at the
/// same packets and offsets; reads are bounded by checked sizes, the packet
/// buffer is reused, and read failures are placed like parse errors.
@Suite struct FileSourceTests {
    static let sourcePath = TestPaths.packageRoot + "/Vectors/size-33x17.ivf"

    /// What a decode delivered: frame lines and the error's description,
    /// its `IVFError` (if it is one) and the summary's packet count.
    struct Outcome: Equatable {
        var lines: [String] = []
        var error: String?
        var ivf: IVFError?
        var packetsBefore: Int?
    }

    static func outcome(_ decode: ((DecodedFrame) throws -> Void) throws(StreamDecodeError) -> StreamSummary)
        -> Outcome
    {
        var result = Outcome()
        do {
            _ = try decode { frame in result.lines.append(FrameDigest.i420(frame.image)) }
        } catch {
            result.error = error.description
            result.ivf = error.underlying as? IVFError
            result.packetsBefore = error.summary?.packets.count
        }
        return result
    }

    /// Variants of the source: whole, truncated in every packet and header,
    /// with damaged sizes, an empty payload, a hole of zeros at the end.
    static func variants(_ bytes: [UInt8]) -> [(name: String, bytes: [UInt8])] {
        let packets = IVFBuild.packets(of: bytes)
        var out: [(name: String, bytes: [UInt8])] = [
            ("whole", bytes), ("empty", []), ("header only", Array(bytes.prefix(32))),
        ]
        for length in [1, 31] { out.append(("file header cut at \(length)", Array(bytes.prefix(length)))) }
        for (index, packet) in packets.enumerated() {
            for cut in [1, 11, 12, 13, 12 + packet.size - 1] {
                out.append(("packet \(index + 1) cut at \(cut)", Array(bytes.prefix(packet.offset + cut))))
            }
            for size: UInt32 in [0, IVFReader.maximumPacketSize, IVFReader.maximumPacketSize + 1, 0xFFFF_FFFF] {
                var damaged = bytes
                damaged.replaceSubrange(
                    packet.offset..<packet.offset + 4, with: IVFBuild.packetHeader(size: size, pts: 0).prefix(4))
                out.append(("packet \(index + 1) declaring \(size)", damaged))
            }
        }
        out.append(("zeros after the end", bytes + [UInt8](repeating: 0, count: 40)))
        return out
    }

    @Test("a file decodes exactly as its bytes: frames, errors, packets and offsets, for every hostile variant")
    func fileMatchesBytes() throws {
        let bytes = try FileBytes.read(Self.sourcePath)
        for variant in Self.variants(bytes) {
            let file = try TempFile.holding(variant.bytes, name: "variant")
            defer { file.remove() }
            let fromBytes = Self.outcome { body throws(StreamDecodeError) in
                try StreamDecoder.decode(bytes: variant.bytes, body)
            }
            let fromFile = Self.outcome { body throws(StreamDecodeError) in
                try StreamDecoder.decode(path: file.path, body)
            }
            #expect(fromFile == fromBytes, "\(variant.name)")
            if variant.name != "whole" && variant.name != "header only" {
                #expect(fromFile.error != nil, "\(variant.name): decoded without error")
            }
        }
    }

    @Test("reading a file and its bytes gives the same packets: numbers, offsets, pts and payloads")
    func readersAgree() throws {
        let bytes = try FileBytes.read(Self.sourcePath)
        let file = try IVFFile(path: Self.sourcePath)
        var fromFile = try IVFReader(source: file)
        var fromBytes = try IVFReader(bytes: bytes)
        #expect(fromFile.header == fromBytes.header)
        var count = 0
        while let a = try fromFile.next() {
            let b = try #require(try fromBytes.next())
            #expect(a.number == b.number && a.offset == b.offset && a.pts == b.pts)
            #expect(a.data.elementsEqual(b.data))
            #expect(a.data.elementsEqual(bytes[a.offset + 12..<a.offset + 12 + a.data.count]))
            count += 1
        }
        #expect(try fromBytes.next() == nil)
        #expect(count == IVFBuild.packets(of: bytes).count)
        #expect(try fromFile.next() == nil, "the end stays the end")
    }

    @Test("one packet buffer serves every packet: a new one only when a packet outgrows it")
    func bufferIsReused() throws {
        for source: any IVFByteSource in [
            try IVFFile(path: Self.sourcePath), IVFBytes(try FileBytes.read(Self.sourcePath)),
        ] {
            var reader = try IVFReader(source: source)
            var addresses = Set<UInt>()
            var largest = 0
            var growths = 0
            while let packet = try reader.next() {
                if packet.data.count > largest {
                    largest = packet.data.count
                    growths += 1
                }
                packet.data.withUnsafeBufferPointer { _ = addresses.insert(UInt(bitPattern: $0.baseAddress)) }
            }
            #expect(
                addresses.count <= growths, "\(type(of: source)): \(addresses.count) buffers for \(growths) growths")
        }
        // A packet kept past the next read keeps its bytes.
        var reader = try IVFReader(source: IVFFile(path: Self.sourcePath))
        let first = try #require(try reader.next())
        let copy = Array(first.data)
        _ = try reader.next()
        #expect(Array(first.data) == copy)
    }

    /// A source over bytes that records every read's size, and can fail
    /// from some offset on or claim more bytes than it gives.
    final class ProbeSource: IVFByteSource, @unchecked Sendable {
        let bytes: [UInt8]
        let failAt: Int?
        let claimedExtra: Int
        private(set) var largestRead = 0

        init(_ bytes: [UInt8], failAt: Int? = nil, claimedExtra: Int = 0) {
            self.bytes = bytes
            self.failAt = failAt
            self.claimedExtra = claimedExtra
        }

        func length() throws(FileReadError) -> Int { bytes.count + claimedExtra }

        func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileReadError) -> Int {
            largestRead = max(largestRead, buffer.count)
            if let failAt, offset + buffer.count > failAt { throw FileReadError(reason: "Input/output error") }
            return try IVFBytes(bytes).read(into: buffer, at: offset)
        }
    }

    @Test("a declared size is checked against the cap and the bytes left before any read or buffer is sized by it")
    func noReadSizedByUncheckedFields() throws {
        let bytes = try FileBytes.read(Self.sourcePath)
        let packets = IVFBuild.packets(of: bytes)
        let largest = packets.map(\.size).max()!
        for size: UInt32 in [IVFReader.maximumPacketSize, IVFReader.maximumPacketSize + 1, 0xFFFF_FFF0] {
            var damaged = bytes
            damaged.replaceSubrange(
                packets[1].offset..<packets[1].offset + 4,
                with: IVFBuild.packetHeader(size: size, pts: 0).prefix(4))
            let probe = ProbeSource(damaged)
            var reader = try IVFReader(source: probe)
            _ = try reader.next()
            #expect(throws: IVFError.self) { try reader.next() }
            #expect(probe.largestRead <= largest, "declared \(size): read \(probe.largestRead) bytes at once")
        }
    }

    @Test("a read failing part-way is an IVFError naming the reason, packet and offset, after the frames before it")
    func readFailure() throws {
        let bytes = try FileBytes.read(Self.sourcePath)
        let packets = IVFBuild.packets(of: bytes)
        let manifest = try FileBytes.read(Self.sourcePath + ".md5")
        let digests = String(decoding: manifest, as: UTF8.self).split(separator: "\n").map { String($0.prefix(32)) }
        // Fails inside packet 3's payload, inside packet 4's header, then in the file header.
        for (failAt, packet, offset) in [
            (packets[2].offset + 20, 3, packets[2].offset),
            (packets[3].offset + 5, 4, packets[3].offset),
        ] {
            let result = Self.outcome { body throws(StreamDecodeError) in
                try StreamDecoder.decode(source: ProbeSource(bytes, failAt: failAt), body)
            }
            #expect(result.ivf == IVFError(.readFailed(reason: "Input/output error"), packet: packet, offset: offset))
            #expect(result.error == "packet \(packet) at byte \(offset): cannot read: Input/output error")
            #expect(result.lines == Array(digests.prefix(packet - 1)))
            #expect(result.packetsBefore == packet - 1)
        }
        #expect(throws: IVFError(.readFailed(reason: "Input/output error"), packet: nil, offset: 0)) {
            try IVFReader(source: ProbeSource(bytes, failAt: 10))
        }
    }

    @Test("a source that gives fewer bytes than its length said (a file shrinking) is a truncated packet")
    func shrinkingSource() throws {
        let bytes = try FileBytes.read(Self.sourcePath)
        let packets = IVFBuild.packets(of: bytes)
        let cut = Array(bytes.prefix(packets[2].offset + 12 + 100))
        var reader = try IVFReader(source: ProbeSource(cut, claimedExtra: 1000))
        _ = try reader.next()
        _ = try reader.next()
        let expected = IVFError(
            .truncatedPacket(declared: UInt32(packets[2].size), available: 100), packet: 3,
            offset: packets[2].offset)
        #expect(throws: expected) { try reader.next() }
        #expect(throws: expected) { try reader.next() }
    }

    @Test("FileBytes.read refuses a file above its limit, and directories")
    func wholeFileLimit() throws {
        let bytes = try FileBytes.read(Self.sourcePath)
        #expect(try FileBytes.read(Self.sourcePath, limit: bytes.count) == bytes)
        #expect(throws: FileReadError(reason: "file is \(bytes.count) bytes, above the \(bytes.count - 1)-byte limit"))
        {
            try FileBytes.read(Self.sourcePath, limit: bytes.count - 1)
        }
        #expect(throws: FileReadError(reason: "not a regular file")) { try FileBytes.read("/tmp") }
        #expect(throws: FileReadError(reason: "not a regular file")) { try IVFFile(path: "/dev/zero") }
    }
}
