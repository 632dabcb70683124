import Containers
import Decoding
import Foundation
import TestSupport
import Testing

/// Hostile WebM and MP4 files, made from the project's own by cutting or
/// patching bytes: each ends in one error naming the packet and the byte
/// offset where libavformat stood, after the frames before it, never in a
/// crash or a hang.
@Suite struct ContainerFaultTests {
    static let directory = TestPaths.ownVectorsDirectory + "/containers"

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
    }

    /// Decodes `bytes` written to a file named `name`: the frames shown
    /// and the error, if any.
    static func decode(_ bytes: [UInt8], name: String) throws -> (frames: Int, error: StreamDecodeError?) {
        try TestPaths.withTemporaryDirectory("container-fault") { directory in
            let path = directory + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            var frames = 0
            do {
                _ = try StreamDecoder.decode(path: path) { _ in frames += 1 }
            } catch let error as StreamDecodeError {
                return (frames, error)
            }
            return (frames, nil)
        }
    }

    /// The offset of the first occurrence of `pattern` in `bytes`.
    static func find(_ pattern: [UInt8], in bytes: [UInt8]) throws -> Int {
        try #require(
            bytes.indices.dropLast(pattern.count - 1).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) })
    }

    @Test("a truncated WebM: the frames before the cut, then 'the file ends early' at the next packet")
    func truncatedWebM() throws {
        let whole = try Self.bytes("vp9-rt-320x180.webm")
        let cut = Array(whole.prefix(whole.count * 6 / 10))
        let (frames, error) = try Self.decode(cut, name: "cut.webm")
        let fault = try #require(error?.underlying as? ContainerError, "\(String(describing: error))")
        #expect(frames > 5 && frames < 30)
        #expect(fault.packet == frames + 1)
        #expect((fault.offset ?? -1) > 0 && (fault.offset ?? .max) <= cut.count)
        #expect(fault.reason.hasPrefix("the file ends early (libavformat: "), "\(fault)")
        #expect(!"\(error!)".contains("\n"))
    }

    @Test("a Cluster whose EBML size runs past the end of the file: its frames, then an error naming the packet")
    func elementPastTheEnd() throws {
        var bytes = try Self.bytes("vp9-rt-320x180.webm")
        let cluster = try Self.find([0x1F, 0x43, 0xB6, 0x75], in: bytes)
        let first = bytes[cluster + 4]
        let length = first.leadingZeroBitCount + 1
        try #require(length >= 2 && length <= 8)
        // The largest size of that length that is not "unknown": far past the file's end.
        bytes[cluster + 4] = UInt8(0x80 >> (length - 1)) | UInt8(0x7F >> length)
        for i in 1..<length { bytes[cluster + 4 + i] = i == length - 1 ? 0xFE : 0xFF }
        let (frames, error) = try Self.decode(bytes, name: "past.webm")
        let fault = try #require(error?.underlying as? ContainerError, "\(String(describing: error))")
        #expect(fault.packet == frames + 1)
        #expect(fault.offset != nil)
        #expect(frames == 30 || fault.reason.contains("libavformat"), "\(fault)")
    }

    @Test("an MP4 cut before its moov box is refused at its header, with libavformat's reason")
    func mp4WithoutMoov() throws {
        let whole = try Self.bytes("vp9-rt-320x180.mp4")
        let moov = try Self.find(Array("moov".utf8), in: whole)
        let (frames, error) = try Self.decode(Array(whole.prefix(moov - 4)), name: "nomoov.mp4")
        #expect(frames == 0)
        let fault = try #require(error?.underlying as? ContainerError, "\(String(describing: error))")
        #expect(fault.packet == nil)
        #expect("\(fault)".contains("moov atom not found"), "\(fault)")
    }

    @Test("a track that says VP9 and holds AV1 fails at packet 1, naming its offset")
    func lyingCodec() throws {
        var bytes = try Self.bytes("av1-rt-320x180.webm")
        let id = try Self.find(Array("V_AV1".utf8), in: bytes)
        bytes.replaceSubrange(id..<id + 5, with: Array("V_VP9".utf8))
        let (frames, error) = try Self.decode(bytes, name: "lying.webm")
        #expect(frames == 0)
        let fault = try #require(error?.underlying as? DecodeError, "\(String(describing: error))")
        #expect(fault.packet == 1)
        #expect((fault.offset ?? 0) > 0)
    }

    @Test("a zero-sized sample in an MP4 is an error at its packet, after the frames before it")
    func zeroSizedSample() throws {
        var bytes = try Self.bytes("vp9-rt-320x180.mp4")
        let stsz = try Self.find(Array("stsz".utf8), in: bytes)
        // stsz: version and flags, a common size (0: each its own), the count, then the sizes.
        let third = stsz + 4 + 4 + 4 + 4 + 2 * 4
        for i in 0..<4 { bytes[third + i] = 0 }
        let (frames, error) = try Self.decode(bytes, name: "zero.mp4")
        let fault = try #require(error, "a zero-sized sample decoded without an error")
        #expect(frames == 2, "\(fault)")
        #expect(!"\(fault)".contains("\n"))
    }

    @Test("a format libavformat knows but FrameBench does not read (WAV) is refused at its header")
    func formatNotRead() throws {
        // A WAV header, then a second of 8 kHz 8-bit mono silence.
        let samples = 8000
        func le32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
        let wav =
            Array("RIFF".utf8) + le32(36 + samples) + Array("WAVEfmt ".utf8) + le32(16) + [1, 0, 1, 0] + le32(8000)
            + le32(8000) + [1, 0, 8, 0] + Array("data".utf8) + le32(samples) + [UInt8](repeating: 128, count: samples)
        let (frames, error) = try Self.decode(wav, name: "sound.mkv")
        #expect(frames == 0)
        let fault = try #require(error?.underlying as? ContainerError, "\(String(describing: error))")
        #expect(fault.packet == nil)
        #expect("\(fault)".contains("not a file FrameBench reads"), "\(fault)")
        #expect("\(fault)".contains("whitelist"), "\(fault)")
    }

    @Test("ten thousand empty packets: an error at the first, at once")
    func tenThousandEmptyPackets() throws {
        let vector = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: TestPaths.ownVectorsDirectory + "/size-2x2.ivf")))
        var bytes = Array(vector.prefix(32))
        for index in 0..<10_000 {
            bytes += [0, 0, 0, 0] + withUnsafeBytes(of: UInt64(index).littleEndian, Array.init)
        }
        let started = ContinuousClock.now
        let (frames, error) = try Self.decode(bytes, name: "empty.ivf")
        #expect(frames == 0)
        let fault = try #require(error?.underlying as? DecodeError)
        #expect(fault.packet == 1 && fault.offset == 32)
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}
