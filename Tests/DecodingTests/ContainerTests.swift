import Conformance
import Containers
import Decoding
import Foundation
import Frames
import TestSupport
import Testing

/// WebM, Matroska and MP4 through libavformat: the same frames as the IVF
/// they were copied from (held to that IVF's `vpxdec`/`aomdec` sidecar),
/// times in the container's own timebase, the container told by content,
/// and faults named with their packet and byte offset.
@Suite struct ContainerTests {
    static let directory = TestPaths.ownVectorsDirectory + "/containers"

    /// Every file of `Vectors/containers/` with the IVF it was copied from.
    static let files: [(String, String)] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().map { name in
            let stem = String(name[..<name.lastIndex(of: ".")!])
            let folder = stem.hasPrefix("vp8-") ? "" : "/" + stem.prefix(3)
            return (directory + "/" + name, TestPaths.ownVectorsDirectory + folder + "/" + stem + ".ivf")
        }
    }()

    /// Per shown frame `WxH MD5`, and each frame's time in seconds.
    static func frames(_ path: String) throws -> (lines: [String], seconds: [Double], summary: StreamSummary) {
        var lines: [String] = []
        var seconds: [Double] = []
        let summary = try StreamDecoder.decode(path: path) { frame in
            lines.append("\(frame.image.size) \(FrameDigest.i420(frame.image))")
            seconds.append(frame.time.seconds)
        }
        return (lines, seconds, summary)
    }

    @Test("there are WebM, Matroska and MP4 files of every codec")
    func present() {
        let names = Self.files.map { ($0.0 as NSString).lastPathComponent }
        for ext in ["webm", "mkv", "mp4"] { #expect(names.contains { $0.hasSuffix("." + ext) }, "no .\(ext)") }
        // H.264 has no IVF to remux (FFmpeg's IVF writer takes none): its streams are in Vectors/h264.
        for codec in Codec.allCases where codec != .h264 {
            #expect(names.contains { $0.hasPrefix(codec.rawValue + "-") }, "no \(codec)")
        }
    }

    @Test("a container shows the IVF's frames, at the IVF's times, in its own timebase", arguments: files)
    func sameFramesAsIVF(path: String, ivf: String) throws {
        let sidecar = try String(contentsOfFile: ivf + ".md5", encoding: .utf8).split(separator: "\n").map { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            let name = parts[1].dropLast(".i420".count).split(separator: "-")
            return "\(name[name.count - 2]) \(parts[0])"
        }
        let (lines, seconds, summary) = try Self.frames(path)
        #expect(lines == sidecar, "\(path)")
        let (_, ivfSeconds, ivfSummary) = try Self.frames(ivf)
        #expect(summary.track.codec == ivfSummary.track.codec)
        #expect(summary.track.container != "IVF")
        #expect(seconds.count == ivfSeconds.count)
        // WebM counts milliseconds: each time within half a tick of the IVF's.
        let tick = Double(summary.track.timebase.numerator) / Double(summary.track.timebase.denominator)
        for (a, b) in zip(seconds, ivfSeconds) { #expect(abs(a - b) <= tick / 2 + 1e-9, "\(path): \(a) against \(b)") }
    }

    @Test("the reader is chosen by content, not by the name")
    func byContent() throws {
        let (webm, ivf) = try #require(Self.files.first { $0.0.hasSuffix(".webm") })
        try TestPaths.withTemporaryDirectory("containers") { directory in
            let webmAsIVF = directory + "/looks-like.ivf"
            let ivfAsWebM = directory + "/looks-like.webm"
            try FileManager.default.copyItem(atPath: webm, toPath: webmAsIVF)
            try FileManager.default.copyItem(atPath: ivf, toPath: ivfAsWebM)
            #expect(try ContainerFile.open(path: webmAsIVF).track.container == "Matroska/WebM")
            #expect(try ContainerFile.open(path: ivfAsWebM).track.container == "IVF")
            #expect(try Self.frames(webmAsIVF).lines == Self.frames(ivfAsWebM).lines)
        }
    }

    @Test(
        "a track is chosen by its 1-based number among the video tracks, which the track carries, and one the file lacks is refused (an IVF holds one)"
    )
    func trackNumbers() throws {
        let twoTracks = try TwoTrackFile.make()
        defer { try? FileManager.default.removeItem(atPath: twoTracks) }
        let first = try ContainerFile.open(path: twoTracks).track
        let second = try ContainerFile.open(path: twoTracks, trackNumber: 2).track
        #expect(first.number == 1 && first.codec == .vp8 && first.otherTracks == 1)
        #expect(second.number == 2 && second.codec == .av1 && second.otherTracks == 1)
        #expect(second.ignoredTracksNote == "Matroska/WebM, AV1 track 2; 1 other tracks ignored", "\(second)")
        #expect(throws: ContainerError.self) { try ContainerFile.open(path: twoTracks, trackNumber: 3) }
        let ivf = TestPaths.ownVectorsDirectory + "/size-176x144.ivf"
        let alone = try ContainerFile.open(path: ivf, trackNumber: 1).track
        #expect(alone.number == 1 && alone.ignoredTracksNote == nil)
        let error = try #require(throws: ContainerError.self) { try ContainerFile.open(path: ivf, trackNumber: 2) }
        #expect(error.description.contains("no video track 2"), "\(error)")
    }

    /// The fault a decode of `bytes` (written to a file) stops with, and the frames before it.
    static func fault(of bytes: Data) throws -> (frames: Int, error: StreamDecodeError?) {
        try TestPaths.withTemporaryDirectory("containers") { directory in
            let path = directory + "/cut.bin"
            try bytes.write(to: URL(fileURLWithPath: path))
            var frames = 0
            do {
                _ = try StreamDecoder.decode(path: path) { _ in frames += 1 }
                return (frames, nil)
            } catch {
                return (frames, error as? StreamDecodeError)
            }
        }
    }

    @Test("an MP4 without its moov box is refused at its header")
    func mp4WithoutMoov() throws {
        let (mp4, _) = try #require(Self.files.first { $0.0.hasSuffix(".mp4") })
        let bytes = try Data(contentsOf: URL(fileURLWithPath: mp4))
        // FFmpeg writes moov last: keep what comes before it.
        let moov = try #require(bytes.range(of: Data("moov".utf8))).lowerBound - 4
        let (frames, error) = try Self.fault(of: bytes.prefix(moov))
        #expect(frames == 0)
        let fault = try #require(error?.underlying as? ContainerError, "\(String(describing: error))")
        #expect(fault.packet == nil, "\(fault)")
    }

    @Test("a file with no video track, or of no container, is one line")
    func notVideo() throws {
        let (_, error) = try Self.fault(of: Data("this is not a video file at all, just text\n".utf8))
        let fault = try #require(error?.underlying as? ContainerError, "\(String(describing: error))")
        #expect(fault.packet == nil && fault.offset == 0 && !fault.description.contains("\n"), "\(fault)")
        #expect(fault.description.hasPrefix("file header at byte 0: not a file FrameBench reads"), "\(fault)")
    }
}
