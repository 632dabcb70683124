import Conformance
import Containers
import Decoding
import Foundation
import Frames
import TestSupport
import Testing

/// Each codec's decoder against its witness, written by other people
/// (libvpx against FFmpeg's native decoders, dav1d against libaom), frame
/// by frame, and both against the whole-output MD5s the codec vectors'
/// README publishes.
@Suite struct DecoderAgreementTests {
    /// What one decoder made of a file: per shown frame its packet, size
    /// and I420 MD5; the fault's line if it stopped.
    struct Decoded: Equatable {
        var frames: [String] = []
        var fault: String?
    }

    static func decode(_ path: String, with decoder: String) -> Decoded {
        var decoded = Decoded()
        do {
            _ = try StreamDecoder.decode(path: path, decoder: decoder) { frame in
                decoded.frames.append("\(frame.packet) \(frame.image.size) \(FrameDigest.i420(frame.image))")
            }
        } catch {
            decoded.fault = "\(error)"
        }
        return decoded
    }

    static func track(of path: String) throws -> Track {
        try ContainerFile.open(path: path).track
    }

    static func codec(of path: String) throws -> Codec {
        try track(of: path).codec
    }

    /// Every IVF stream in the codec vectors and among FrameBench's own
    /// (supported or not), with or without a manifest, the H.264 clip of
    /// the codec vectors and FrameBench's own H.264 streams.
    static let streams: [String] =
        TestPaths.codecVectors + (TestPaths.codecVectorH264.map { [$0] } ?? [])
        + (TestPaths.ownVectorDirectories + [TestPaths.unsupportedVectorsDirectory]).flatMap {
            TestPaths.ivfFiles(in: $0, requiringManifest: false)
        } + TestPaths.h264Vectors

    @Test("there are streams of every codec and unsupported ones")
    func streamsPresent() throws {
        let codecs = try Self.streams.map(Self.codec(of:))
        for codec in Codec.allCases { #expect(codecs.contains(codec), "no \(codec) stream") }
        #expect(Self.streams.contains { $0.hasPrefix(TestPaths.unsupportedVectorsDirectory) })
    }

    /// A stream whose profile no second decoder implements whole (H.264
    /// Main and High) is held to FFmpeg's per-frame MD5s instead
    /// (`H264Tests`), or to its published MD5.
    @Test("the decoder and its witness give the same frames", arguments: streams)
    func decoderAgreesWithWitness(path: String) throws {
        let track = try Self.track(of: path)
        let primary = DecoderRegistry.primary(for: track.codec).name
        guard let witness = DecoderRegistry.witness(for: track)?.name else {
            #expect(track.codec == .h264 && track.profile != "Constrained Baseline", "\(path): no witness")
            return
        }
        #expect(primary != witness)
        let mine = Self.decode(path, with: primary)
        let theirs = Self.decode(path, with: witness)
        #expect(mine.frames.count == theirs.frames.count, "\(path): \(primary) against \(witness)")
        for (index, (a, b)) in zip(mine.frames, theirs.frames).enumerated() where a != b {
            Issue.record("\(path) shown frame \(index + 1): \(primary) \(a), \(witness) \(b)")
            break
        }
        // Both refuse the same streams (high bit depth, 4:4:4) at the same packet, or neither does.
        #expect((mine.fault == nil) == (theirs.fault == nil), "\(path): \(mine.fault ?? "-") / \(theirs.fault ?? "-")")
        if path.hasPrefix(TestPaths.unsupportedVectorsDirectory) {
            #expect(mine.fault != nil, "\(path) decoded without a refusal")
        }
    }

    /// `file → MD5` from the README's table: the rows whose first cell
    /// names a file and whose last names a 32-digit MD5.
    static func publishedMD5s() throws -> [String: String] {
        let text = try String(contentsOfFile: TestPaths.codecVectorsDirectory + "/README.md", encoding: .utf8)
        var table: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let file = cells.first, let md5 = cells.last, md5.count == 32,
                md5.allSatisfy({ $0.isHexDigit })
            else { continue }
            table[file] = md5
        }
        return table
    }

    @Test(
        "both decoders give the published whole-output MD5s",
        .enabled(if: !TestPaths.codecVectors.isEmpty, Comment(rawValue: TestPaths.missingCodecVectorsReason)))
    func publishedWholeOutputMD5s() throws {
        let table = try Self.publishedMD5s()
        #expect(table.count >= 4)
        for path in TestPaths.codecVectors {
            let name = String(path.split(separator: "/").last!)
            let published = try #require(table[name], "\(name) is not in the README's table")
            let codec = try Self.codec(of: path)
            for decoder in DecoderRegistry.decoders(of: codec) {
                let md5 = MD5()
                _ = try StreamDecoder.decode(path: path, decoder: decoder.name) { FrameDigest.add($0.image, to: md5) }
                #expect(md5.finalize() == published, "\(name) by \(decoder.name)")
            }
        }
    }

    @Test("every codec has a decoder and a witness, and names are unique")
    func registry() {
        for codec in Codec.allCases {
            #expect(DecoderRegistry.decoders(of: codec).count >= 2, "\(codec)")
        }
        #expect(Set(DecoderRegistry.names).count == DecoderRegistry.names.count)
        #expect(throws: DecodeError.self) { try DecoderRegistry.decoder(named: "dav1d", for: .vp8) }
        #expect(throws: DecodeError.self) { try DecoderRegistry.decoder(named: "nope", for: .vp8) }
    }
}
