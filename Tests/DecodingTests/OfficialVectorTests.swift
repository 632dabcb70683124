import Conformance
import Containers
import Decoding
import Frames
import TestSupport
import Testing

/// Every official VP8 test vector decodes to libvpx's published per-frame
/// MD5s (the `.ivf.md5` files beside them), line for line.
@Suite struct OfficialVectorTests {
    static let vectors = TestPaths.officialVectors

    @Test(
        "official vectors are present",
        .enabled(if: !vectors.isEmpty, Comment(rawValue: TestPaths.missingVectorsReason)))
    func vectorsArePresent() {
        #expect(Self.vectors.count >= 17)
    }

    @Test(
        "decodes to the published MD5s",
        .enabled(if: !vectors.isEmpty, Comment(rawValue: TestPaths.missingVectorsReason)),
        arguments: vectors)
    func decodesToPublishedMD5s(path: String) throws {
        let expected = try String(decoding: FileBytes.read(path + ".md5"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        let stem = FrameDigest.stem(ofPath: path)
        var lines: [String] = []
        _ = try StreamDecoder.decode(path: path) { frame in
            let name = FrameDigest.frameName(stem: stem, size: frame.image.size, packet: frame.packet, ext: "i420")
            lines.append("\(FrameDigest.i420(frame.image))  \(name)")
        }
        #expect(lines.count == expected.count)
        for (index, (got, want)) in zip(lines, expected).enumerated() {
            #expect(got == want, "frame \(index + 1) of \(stem)")
            if got != want { break }
        }
    }

    @Test(
        "decoder threads do not change the output",
        .enabled(if: !vectors.isEmpty, Comment(rawValue: TestPaths.missingVectorsReason)))
    func threadedDecodeMatches() throws {
        let path = try #require(Self.vectors.first { $0.hasSuffix("-008.ivf") } ?? Self.vectors.first)
        var single: [String] = []
        var threaded: [String] = []
        _ = try StreamDecoder.decode(path: path, threads: 1) { single.append(FrameDigest.i420($0.image)) }
        _ = try StreamDecoder.decode(path: path, threads: 2) { threaded.append(FrameDigest.i420($0.image)) }
        #expect(!single.isEmpty)
        #expect(single == threaded)
    }
}
