import Conformance
import Containers
import Decoding
import Foundation
import Frames
import TestSupport
import Testing

/// H.264 through libavcodec's decoder, held to FFmpeg's per-frame MD5s
/// (the sidecars `scripts/make-vectors` writes with the `ffmpeg` CLI), to
/// OpenH264 (written by other people) where it is the witness, and to the
/// codec vectors' published MD5.
struct H264Tests {
    /// A shown frame: its packet, size and I420 MD5.
    struct Shown: Equatable, CustomStringConvertible {
        let packet: Int
        let size: String
        let digest: String
        var description: String { "packet \(packet) \(size) \(digest)" }
    }

    static func decode(_ path: String, with decoder: String? = nil) throws -> (frames: [Shown], times: [MediaTime]) {
        var frames: [Shown] = []
        var times: [MediaTime] = []
        _ = try StreamDecoder.decode(path: path, decoder: decoder) { frame in
            frames.append(
                Shown(packet: frame.packet, size: "\(frame.image.size)", digest: FrameDigest.i420(frame.image)))
            times.append(frame.time)
        }
        return (frames, times)
    }

    /// The sidecar's frames: `MD5  STEM-WxH-NNNN.i420` lines.
    static func sidecar(_ path: String) throws -> [Shown] {
        try String(contentsOfFile: path + ".md5", encoding: .utf8).split(separator: "\n").map { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            let name = parts[1].dropLast(".i420".count).split(separator: "-")
            return Shown(
                packet: try #require(Int(name[name.count - 1])), size: String(name[name.count - 2]),
                digest: String(parts[0]))
        }
    }

    @Test(
        "Vectors/h264 has Annex B, Matroska and MP4 streams, with B-frames, open GOPs, a size change and constrained baseline"
    )
    func present() throws {
        let names = TestPaths.h264Vectors.map { ($0 as NSString).lastPathComponent }
        for ext in [".h264", ".mkv", ".mp4"] { #expect(names.contains { $0.hasSuffix(ext) }, "no \(ext)") }
        for kind in ["-rt-", "-bframes-", "-opengop-", "-odd-", "-resize-"] {
            #expect(names.contains { $0.contains(kind) }, "no \(kind) stream")
        }
    }

    @Test(
        "libavcodec's frames are FFmpeg's per-frame MD5s; OpenH264's too where it witnesses",
        arguments: TestPaths.h264Vectors)
    func sidecarAndWitness(path: String) throws {
        let expected = try Self.sidecar(path)
        #expect(!expected.isEmpty)
        #expect(try Self.decode(path).frames == expected, "\(path)")
        let track = try ContainerFile.open(path: path).track
        #expect(track.codec == .h264)
        if let witness = DecoderRegistry.witness(for: track) {
            #expect(witness.name == "openh264")
            #expect(try Self.decode(path, with: witness.name).frames == expected, "\(path) by \(witness.name)")
        }
    }

    @Test("OpenH264 witnesses constrained baseline only, the profile it implements whole")
    func witnessByProfile() throws {
        let rt = try ContainerFile.open(path: TestPaths.ownVectorsDirectory + "/h264/h264-rt-320x180.h264").track
        #expect(rt.profile == "Constrained Baseline")
        #expect(DecoderRegistry.witness(for: rt)?.name == "openh264")
        let high = try ContainerFile.open(path: TestPaths.ownVectorsDirectory + "/h264/h264-bframes-320x240.mp4").track
        #expect(high.profile == "High")
        #expect(DecoderRegistry.witness(for: high) == nil)
    }

    @Test("B-frames: packets come in decode order, frames in presentation order, their times only going forward")
    func presentationOrder() throws {
        let path = TestPaths.ownVectorsDirectory + "/h264/h264-bframes-320x240.mp4"
        var reader = try ContainerFile.open(path: path)
        var pts: [Int64] = []
        while let packet = try reader.next() { pts.append(packet.pts) }
        #expect(pts != pts.sorted(), "the packets' pts are in presentation order: no reordering to test")
        let decoded = try Self.decode(path)
        #expect(decoded.frames.count == pts.count)
        #expect(decoded.frames.map(\.packet) != Array(1...pts.count))
        #expect(decoded.times.map(\.value) == pts.sorted())
    }

    @Test("a raw Annex B stream has no times: frames tick one frame each at its frame rate, in presentation order")
    func annexBTimes() throws {
        let path = TestPaths.ownVectorsDirectory + "/h264/h264-odd-202x118.h264"
        let track = try ContainerFile.open(path: path).track
        #expect(!track.isTimestamped)
        #expect(track.timebase == Timebase(numerator: 1, denominator: 30))
        let decoded = try Self.decode(path)
        #expect(decoded.times.map(\.value) == (0..<Int64(decoded.frames.count)).map { $0 })
        #expect(decoded.frames.map(\.packet) != Array(1...decoded.frames.count))
    }

    @Test(
        "test-25fps.h264 (Main, B-frames, Annex B) decodes to its published MD5 by libavcodec and by OpenH264",
        .enabled(if: TestPaths.codecVectorH264 != nil, Comment(rawValue: TestPaths.missingCodecVectorsReason)))
    func publishedMD5() throws {
        let path = try #require(TestPaths.codecVectorH264)
        let published = try #require(DecoderAgreementTests.publishedMD5s()["test-25fps.h264"])
        for decoder in DecoderRegistry.decoders(of: .h264) {
            let md5 = MD5()
            let summary = try StreamDecoder.decode(path: path, decoder: decoder.name) {
                FrameDigest.add($0.image, to: md5)
            }
            #expect(md5.finalize() == published, "by \(decoder.name)")
            #expect(summary.packets.count == 250)
        }
    }
}
