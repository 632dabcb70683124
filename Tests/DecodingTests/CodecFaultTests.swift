import Containers
import Decoding
import Frames
import TestSupport
import Testing

/// Bad input in every codec: each fault is one error naming the packet and
/// its byte offset, with the frames before it delivered.
@Suite struct CodecFaultTests {
    /// One real-time 320x180 stream of each codec in `Vectors/`.
    static let streams = ["size-320x180.ivf", "vp9/vp9-rt-320x180.ivf", "av1/av1-rt-320x180.ivf"]

    static func bytes(_ name: String) throws -> [UInt8] {
        try FileBytes.read(TestPaths.ownVectorsDirectory + "/" + name)
    }

    /// Packets shown before the fault, and the fault.
    static func decode(_ bytes: [UInt8]) -> (packets: [Int], error: StreamDecodeError?) {
        var packets: [Int] = []
        do {
            _ = try StreamDecoder.decode(bytes: bytes) { packets.append($0.packet) }
            return (packets, nil)
        } catch {
            return (packets, error)
        }
    }

    static func setLE32(_ bytes: inout [UInt8], at offset: Int, _ value: UInt32) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
    }

    @Test("a packet cut short fails at that packet, after the frames before it", arguments: streams)
    func truncatedPacket(name: String) throws {
        let source = try Self.bytes(name)
        let packets = IVFBuild.packets(of: source)
        let third = packets[2]
        let (shown, error) = Self.decode(Array(source.prefix(third.offset + 12 + third.size / 2)))
        let fault = try #require(error?.underlying as? IVFError, "\(name): \(String(describing: error))")
        #expect(fault.packet == 3 && fault.offset == third.offset)
        #expect(String(describing: fault).hasPrefix("packet 3 at byte \(third.offset): truncated packet"))
        #expect(shown == [1, 2])
    }

    @Test("a packet of 0xFF bytes fails at that packet with the decoder's reason", arguments: streams)
    func corruptedPacket(name: String) throws {
        var source = try Self.bytes(name)
        let third = IVFBuild.packets(of: source)[2]
        for index in 0..<third.size { source[third.offset + 12 + index] = 0xFF }
        let (shown, error) = Self.decode(source)
        let fault = try #require(error?.underlying as? DecodeError, "\(name): \(String(describing: error))")
        #expect(fault.packet == 3 && fault.offset == third.offset, "\(name): \(fault)")
        #expect(String(describing: fault).hasPrefix("packet 3 at byte \(third.offset): decode failed"))
        #expect(shown == [1, 2])
    }

    @Test("a zero-length packet fails at that packet", arguments: streams)
    func zeroLengthPacket(name: String) throws {
        var source = try Self.bytes(name)
        let third = IVFBuild.packets(of: source)[2]
        Self.setLE32(&source, at: third.offset, 0)
        source.removeSubrange((third.offset + 12)..<(third.offset + 12 + third.size))
        let (shown, error) = Self.decode(source)
        let fault = try #require(error?.underlying as? DecodeError, "\(name): \(String(describing: error))")
        #expect(String(describing: fault) == "packet 3 at byte \(third.offset): decode failed: empty packet")
        #expect(shown == [1, 2])
    }

    /// Each stream's packets under every other codec's fourcc.
    static let lies: [(String, String)] = streams.flatMap { name in
        Codec.allCases.map(\.ivfFourCC).map { (name, $0) }
    }

    /// dav1d skips OBU types it does not know, so another codec's packets
    /// can pass as empty temporal units for a while: the fault may come at
    /// a later packet, but names it and its offset, and nothing is shown.
    @Test("a fourcc that lies fails at a packet it names, showing nothing", arguments: lies)
    func lyingFourCC(name: String, fourcc: String) throws {
        var source = try Self.bytes(name)
        let truth = try IVFReader(bytes: source).header.fourcc
        guard truth != fourcc else { return }
        source.replaceSubrange(8..<12, with: Array(fourcc.utf8))
        let (shown, error) = Self.decode(source)
        let fault = try #require(
            error?.underlying as? DecodeError, "\(name) as \(fourcc): \(String(describing: error))")
        let packet = try #require(fault.packet)
        #expect(fault.offset == IVFBuild.packets(of: source)[packet - 1].offset, "\(name) as \(fourcc): \(fault)")
        #expect(shown.isEmpty)
    }

    /// The streams FrameBench refuses, and what each says it is.
    static let unsupported = [
        ("unsupported/vp9-unsupported-10bit.ivf", "VP9 10-bit 4:2:0"),
        ("unsupported/vp9-unsupported-444.ivf", "VP9 8-bit 4:4:4"),
        ("unsupported/av1-unsupported-10bit.ivf", "AV1 10-bit 4:2:0"),
        ("unsupported/av1-unsupported-444.ivf", "AV1 8-bit 4:4:4"),
    ]

    @Test("a high-bit-depth or 4:4:4 stream is refused at its first frame, by both decoders", arguments: unsupported)
    func unsupportedFormat(name: String, what: String) throws {
        let path = TestPaths.ownVectorsDirectory + "/" + name
        let codec = try #require(IVFReader(source: IVFFile(path: path)).header.codec)
        for decoder in DecoderRegistry.decoders(of: codec) {
            var shown = 0
            let error = #expect(throws: StreamDecodeError.self) {
                _ = try StreamDecoder.decode(path: path, decoder: decoder.name) { _ in shown += 1 }
            }
            #expect(
                error?.description
                    == "packet 1 at byte 32: frame 1: the stream is \(what), which FrameBench does not convert (it converts 8-bit 4:2:0)",
                "\(name) by \(decoder.name)")
            #expect(shown == 0)
        }
    }

    @Test(
        "an 8-bit stream that turns 10-bit shows its 8-bit frames first",
        arguments: [
            ("vp9/vp9-rt-320x180.ivf", "unsupported/vp9-unsupported-10bit.ivf"),
            ("av1/av1-rt-320x180.ivf", "unsupported/av1-unsupported-10bit.ivf"),
        ])
    func turnsUnsupported(first: String, then: String) throws {
        let head = try Self.bytes(first)
        let tail = try Self.bytes(then)
        let headPackets = IVFBuild.packets(of: head).count
        let joinedAt = head.count
        let (shown, error) = Self.decode(head + tail[32...])
        #expect(shown == Array(1...headPackets))
        let fault = try #require(error?.underlying as? DecodeError, "\(String(describing: error))")
        #expect(fault.packet == headPackets + 1 && fault.offset == joinedAt, "\(fault)")
        #expect(fault.message.hasPrefix("frame \(headPackets + 1): the stream is "), "\(fault)")
        #expect(fault.message.contains("10-bit"), "\(fault)")
    }
}
