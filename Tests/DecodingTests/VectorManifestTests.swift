import Conformance
import Containers
import Decoding
import Frames
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// FrameBench's own vectors (Vectors/, made by scripts/make-vectors) decode
/// to the I420 MD5s Debian's `vpxdec` (VP8, VP9) or `aomdec` (AV1) wrote for
/// them, frame by frame, and
/// each special case is what its name says.
@Suite struct VectorManifestTests {
    static let directory = TestPaths.ownVectorsDirectory

    /// Every `Vectors/*.ivf`, `Vectors/vp9/*.ivf` and `Vectors/av1/*.ivf`,
    /// sorted by folder, with or without manifests.
    static let vectors = TestPaths.ownVectorDirectories.flatMap { TestPaths.ivfFiles(in: $0, requiringManifest: false) }

    /// The lines of a text file, without empty ones.
    static func lines(_ path: String) throws -> [String] {
        try String(decoding: FileBytes.read(path), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// What `bench decode` would print for `path`, and the summary.
    static func decodeLines(_ path: String) throws -> ([String], StreamSummary) {
        let stem = FrameDigest.stem(ofPath: path)
        var lines: [String] = []
        let summary = try StreamDecoder.decode(path: path) { frame in
            let name = FrameDigest.frameName(stem: stem, size: frame.image.size, packet: frame.packet, ext: "i420")
            lines.append("\(FrameDigest.i420(frame.image))  \(name)")
        }
        return (lines, summary)
    }

    @Test("every vector has its manifests")
    func manifestsPresent() {
        #expect(Self.vectors.count >= 14, "expected the vectors of scripts/make-vectors in \(Self.directory)")
        for path in Self.vectors {
            let base = String(path.dropLast(".ivf".count))
            for sidecar in [path + ".md5", base + ".bt601.bgra.md5", base + ".bt709.bgra.md5"] {
                #expect(access(sidecar, R_OK) == 0, "missing \(sidecar)")
            }
        }
    }

    @Test("decodes to vpxdec's or aomdec's MD5s", arguments: vectors)
    func decodesToManifest(path: String) throws {
        let expected = try Self.lines(path + ".md5")
        let (got, summary) = try Self.decodeLines(path)
        #expect(!expected.isEmpty)
        #expect(got.count == expected.count, "\(path): \(got.count) frames, manifest has \(expected.count)")
        for (index, (line, want)) in zip(got, expected).enumerated() where line != want {
            Issue.record("\(path): frame \(index + 1): got '\(line)', manifest '\(want)'")
            break
        }
        #expect(summary.packets.reduce(0) { $0 + $1.shownFrames } == got.count)
    }

    @Test("the bad-timestamp vectors exist and decode")
    func badTimestampVectors() throws {
        let backwards = Self.directory + "/bad-ts-backwards.ivf"
        let duplicate = Self.directory + "/bad-ts-duplicate.ivf"
        #expect(Self.vectors.contains(backwards))
        #expect(Self.vectors.contains(duplicate))

        let (backwardsLines, backwardsSummary) = try Self.decodeLines(backwards)
        #expect(backwardsLines.count == 10)
        // Packet 5's pts (2) is before packet 4's (3).
        #expect(backwardsSummary.packets.map(\.pts) == [0, 1, 2, 3, 2, 5, 6, 7, 8, 9])

        let (duplicateLines, duplicateSummary) = try Self.decodeLines(duplicate)
        #expect(duplicateLines.count == 10)
        // Packet 4 repeats packet 3's pts.
        #expect(duplicateSummary.packets.map(\.pts) == [0, 1, 2, 2, 4, 5, 6, 7, 8, 9])
        #expect(duplicateSummary.packets.allSatisfy { $0.shownFrames == 1 })
    }

    @Test("irregular timing has gaps and a 1/1000 timebase")
    func irregularTiming() throws {
        let (_, summary) = try Self.decodeLines(Self.directory + "/irregular-timing.ivf")
        #expect(summary.track.timebase == Timebase(numerator: 1, denominator: 1000))
        #expect(summary.packets.map(\.pts) == [0, 33, 67, 100, 233, 267, 300, 500, 533, 1000])
    }

    @Test("the alt-ref vector has invisible packets, numbered in the manifest's gaps")
    func invisibleAltRef() throws {
        let path = Self.directory + "/altref-invisible.ivf"
        let (_, summary) = try Self.decodeLines(path)
        let invisible = summary.packets.filter { $0.shownFrames == 0 }.map(\.number)
        #expect(invisible == [2, 18])
        let listed = try Self.lines(path + ".md5").compactMap { line in
            line.split(separator: "-").last.flatMap { Int($0.prefix(4)) }
        }
        #expect(listed.count == summary.packets.count - invisible.count)
        #expect(Set(listed).isDisjoint(with: invisible))
    }

    @Test("the resize vector changes size at a keyframe")
    func resize() throws {
        var sizes: [FrameSize] = []
        _ = try StreamDecoder.decode(path: Self.directory + "/resize-352x288-282x231.ivf") {
            sizes.append($0.image.size)
        }
        #expect(
            sizes == Array(repeating: FrameSize(width: 352, height: 288), count: 4)
                + Array(repeating: FrameSize(width: 282, height: 231), count: 4))
    }
}
