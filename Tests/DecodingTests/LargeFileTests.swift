import Conformance
import Containers
import Decoding
import Frames
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Multi-gigabyte IVF files, made sparse in the temp directory so they cost
/// neither disk nor time: the packets of Vectors/size-176x144.ivf, then a
/// hole. Streaming must deliver the vector's frames and the fault at its
/// exact packet and offset with the peak resident set growing by less than
/// `residentBoundKiB`, whatever the file's length. Serialized, so the
/// suite's own tests do not add to each other's peak.
@Suite(.serialized) struct LargeFileTests {
    static let vectorPath = TestPaths.packageRoot + "/Vectors/size-176x144.ivf"
    static let stem = "size-176x144"
    static let cap = Int(IVFReader.maximumPacketSize)

    /// Allowed growth of the peak resident set across one decode or walk
    /// (200 MB, measured from `ResourceUsage.startPeakWindow()`): the
    /// 64 MiB packet buffer and a decoder fit, a file read whole does not.
    static let residentBoundKiB = 200_000

    /// Growth the peak must at least show, so the bound above is known to
    /// be measuring: a quarter of the 64 MiB packet buffer, far above the
    /// nothing a dead measurement shows. (Not all of it: the kernel takes
    /// back zero pages of the buffer meanwhile; under the address sanitizer
    /// on the 2-core VM a walk showed 54 MiB, and with another package
    /// building beside it 31.6 MiB.)
    static let minimumVisibleGrowthKiB = cap / 1024 / 4

    /// The vector's bytes, packets and manifest lines.
    struct Vector {
        let bytes: [UInt8]
        let packets: [(offset: Int, size: Int)]
        let manifest: [String]
        var lastPTS: UInt64 { 1000 }  // any pts: the zero packets' pts are not checked
    }

    static func vector() throws -> Vector {
        let bytes = try FileBytes.read(vectorPath)
        let packets = IVFBuild.packets(of: bytes)
        try #require(packets.last.map { $0.offset + 12 + $0.size } == bytes.count, "\(vectorPath) is not well formed")
        let manifest = String(decoding: try FileBytes.read(vectorPath + ".md5"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        try #require(manifest.count == packets.count, "expected one shown frame per packet in \(vectorPath)")
        return Vector(bytes: bytes, packets: packets, manifest: manifest)
    }

    /// Decodes `path` as `bench decode` prints it (stem `size-176x144`).
    static func decode(_ path: String) -> (lines: [String], error: StreamDecodeError?) {
        var lines: [String] = []
        do {
            _ = try StreamDecoder.decode(path: path) { frame in
                let name = FrameDigest.frameName(stem: stem, size: frame.image.size, packet: frame.packet, ext: "i420")
                lines.append("\(FrameDigest.i420(frame.image))  \(name)")
            }
            return (lines, nil)
        } catch {
            return (lines, error)
        }
    }

    /// Decodes `file`, which holds `vector`'s packets and then a packet
    /// libvpx must refuse, expecting the vector's frames and then libvpx's
    /// error (`absent` says otherwise) at the packet after them, with
    /// their records in its summary.
    /// - Returns: the error, the peak's growth and whether it was measured
    ///   over the decode alone (`ResourceUsage.peakGrowth`).
    static func decodeFailingAfter(
        _ vector: Vector, _ file: TempFile, absent: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (failure: StreamDecodeError, growth: Int, windowed: Bool) {
        let ((lines, error), growth, windowed) = ResourceUsage.peakGrowth { decode(file.path) }
        #expect(lines == vector.manifest, sourceLocation: sourceLocation)
        let failure = try #require(error, Comment(rawValue: absent), sourceLocation: sourceLocation)
        let vpx = try #require(
            failure.underlying as? DecodeError, "expected libvpx's error, got \(failure)",
            sourceLocation: sourceLocation)
        #expect(
            vpx.packet == vector.packets.count + 1 && vpx.offset == vector.bytes.count, "\(vpx)",
            sourceLocation: sourceLocation)
        #expect(failure.summary?.packets.count == vector.packets.count, sourceLocation: sourceLocation)
        return (failure, growth, windowed)
    }

    /// A temp file named after `name` holding `bytes` and then a hole up
    /// to `length` bytes, checked to be sparse; the caller removes it.
    static func sparseFile(_ name: String, _ bytes: [UInt8], length: Int) throws -> TempFile {
        let file = try TempFile(name)
        do {
            try file.write(bytes, at: 0)
            try file.truncate(to: length)
        } catch {
            file.remove()
            throw error
        }
        expectSparse(file)
        return file
    }

    /// Checks the peak resident set's `growth` while `what`: below
    /// `residentBoundKiB` and, when it was measured over that alone
    /// (`windowed`), large enough to show the 64 MiB packet buffer.
    static func expectPeakGrowth(
        _ growth: Int, windowed: Bool, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(growth < residentBoundKiB, "peak RSS grew by \(growth) KiB \(what)", sourceLocation: sourceLocation)
        if windowed {  // the measurement sees the 64 MiB packet buffer, so it would see a whole file
            #expect(
                growth > minimumVisibleGrowthKiB, "peak RSS grew by only \(growth) KiB", sourceLocation: sourceLocation)
        }
    }

    /// Checks that `file` is sparse: the test must not write gigabytes.
    static func expectSparse(_ file: TempFile, sourceLocation: SourceLocation = #_sourceLocation) {
        let allocated = file.allocatedBytes()
        #expect(
            allocated >= 0 && allocated < 16 << 20, "the temp file occupies \(allocated) bytes: not sparse",
            sourceLocation: sourceLocation)
    }

    @Test(
        "4.5 GiB sparse file, last packet header declaring 64 MiB of zeros: the vector's frames, then libvpx's error at that packet; peak RSS grows < 200 MB"
    )
    func zeroPacketAfterVector() throws {
        let vector = try Self.vector()
        let length = 4_608 << 20  // 4.5 GiB
        let file = try Self.sparseFile(
            "large-zero-packet", vector.bytes + IVFBuild.packetHeader(size: UInt32(Self.cap), pts: vector.lastPTS),
            length: length)
        defer { file.remove() }

        let (failure, growth, windowed) = try Self.decodeFailingAfter(
            vector, file, absent: "a 64 MiB packet of zeros decoded without error")

        #expect(failure.description.hasPrefix("packet \(vector.packets.count + 1) at byte \(vector.bytes.count): "))
        Self.expectPeakGrowth(growth, windowed: windowed, "decoding a \(length)-byte file")
    }

    @Test(
        "2.5 GiB sparse file, the hole right after the last packet: the vector's frames, then an empty packet (a zero header) is an error at that packet"
    )
    func holeAfterVector() throws {
        let vector = try Self.vector()
        let file = try Self.sparseFile("large-hole", vector.bytes, length: 2_560 << 20)
        defer { file.remove() }

        let (failure, growth, _) = try Self.decodeFailingAfter(
            vector, file, absent: "a hole of zero headers decoded without error")

        #expect(
            failure.description
                == "packet \(vector.packets.count + 1) at byte \(vector.bytes.count): decode failed: empty packet")
        #expect(growth < Self.residentBoundKiB, "peak RSS grew by \(growth) KiB")
    }

    @Test(
        "walking past the old 1 GiB cap: 17 packets of 64 MiB of zeros at their offsets, then a truncated packet placed exactly; peak RSS grows < 200 MB"
    )
    func walkPastOneGiB() throws {
        let vector = try Self.vector()
        let file = try TempFile("large-walk")
        defer { file.remove() }
        try file.write(vector.bytes, at: 0)
        let zeroPackets = 17
        var offset = vector.bytes.count
        for index in 0..<zeroPackets {
            try file.write(
                IVFBuild.packetHeader(size: UInt32(Self.cap), pts: vector.lastPTS + UInt64(index)), at: offset)
            offset += 12 + Self.cap
        }
        let faultOffset = offset  // a last header declaring 64 MiB, with 4321 bytes after it
        try file.write(IVFBuild.packetHeader(size: UInt32(Self.cap), pts: 0), at: faultOffset)
        try file.truncate(to: faultOffset + 12 + 4321)
        try #require(faultOffset > 1 << 30)
        Self.expectSparse(file)

        var reader = try IVFReader(source: IVFFile(path: file.path))
        var expectedOffsets = vector.packets.map(\.offset)
        for index in 0..<zeroPackets { expectedOffsets.append(vector.bytes.count + index * (12 + Self.cap)) }
        var offsets: [Int] = []
        var fault: IVFError?
        let (_, growth, windowed) = ResourceUsage.peakGrowth {
            do throws(IVFError) {
                while let packet = try reader.next() {
                    #expect(packet.number == offsets.count + 1)
                    offsets.append(packet.offset)
                    if packet.number > vector.packets.count {
                        #expect(packet.data.count == Self.cap && packet.data.first == 0 && packet.data.last == 0)
                        #expect(packet.pts == Int64(vector.lastPTS) + Int64(packet.number - vector.packets.count - 1))
                    }
                }
            } catch {
                fault = error
            }
        }

        #expect(offsets == expectedOffsets)
        #expect(
            fault
                == IVFError(
                    .truncatedPacket(declared: UInt32(Self.cap), available: 4321),
                    packet: vector.packets.count + zeroPackets + 1, offset: faultOffset))
        Self.expectPeakGrowth(growth, windowed: windowed, "walking \(faultOffset) bytes")
    }
}
