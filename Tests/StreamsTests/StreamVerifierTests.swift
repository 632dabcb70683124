import Containers
import Converters
import Decoding
import Foundation
import Frames
import Peers
import TestSupport
import Testing

@testable import Streams

/// `StreamVerifier` on files cut short or empty, where a pass would check
/// nothing or only part of what the lists beside the file promise.
@Suite struct StreamVerifierTests {
    /// A temporary directory holding `size-176x144.ivf` cut to `bytes`
    /// bytes (all of it when nil) and, when `golden`, its BT.601 golden
    /// BGRA list copied beside it; no MD5 sidecar.
    static func directory(keeping bytes: Int?, golden: Bool) throws -> String {
        let own = TestPaths.ownVectorsDirectory
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let whole = try Data(contentsOf: URL(fileURLWithPath: own + "/size-176x144.ivf"))
        try whole.prefix(bytes ?? whole.count).write(to: directory.appendingPathComponent("size-176x144.ivf"))
        if golden {
            try FileManager.default.copyItem(
                atPath: try #require(VectorFiles.goldenBGRAPath(for: own + "/size-176x144.ivf", matrix: "bt601")),
                toPath: directory.appendingPathComponent("size-176x144.bt601.bgra.md5").path)
        }
        return directory.path
    }

    @Test("a stream cut cleanly after packet 3 fails against its golden list of every frame, with no sidecar")
    func cutBesideGoldenList() throws {
        let vector = TestPaths.ownVectorsDirectory + "/size-176x144.ivf"
        let fourth = IVFBuild.packets(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: vector))))[3].offset
        let directory = try Self.directory(keeping: fourth, golden: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let verdict = StreamVerifier(converters: [LibYUVConverter()], matrix: .bt601).verify(
            directory + "/size-176x144.ivf")
        #expect(verdict.frames == 3 && !verdict.md5Checked && verdict.goldenChecked)
        #expect(verdict.failures.map(\.place) == ["bgra-md5 at frame 3"], "\(verdict.failures)")
        let whole = try Self.directory(keeping: nil, golden: true)
        defer { try? FileManager.default.removeItem(atPath: whole) }
        #expect(
            StreamVerifier(converters: [LibYUVConverter()], matrix: .bt601).verify(whole + "/size-176x144.ivf").passed)
    }

    @Test("a file header with no packet shows no frame, and fails; an empty file fails in its header, at no frame")
    func nothingToVerify() throws {
        let headerOnly = try Self.directory(keeping: 32, golden: false)
        defer { try? FileManager.default.removeItem(atPath: headerOnly) }
        let verifier = StreamVerifier(converters: [LibYUVConverter()], matrix: .bt601)
        #expect(verifier.verify(headerOnly + "/size-176x144.ivf").failures.map(\.place) == ["frames"])
        let empty = try Self.directory(keeping: 0, golden: false)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(verifier.verify(empty + "/size-176x144.ivf").failures.map(\.place) == ["ivf"])
    }
}

/// The witness check of `bench verify`: the codec's second decoder against
/// frames listed by an independent tool (the `.ivf.md5` sidecars that
/// `vpxdec` and `aomdec` wrote).
@Suite struct WitnessCheckTests {
    /// The frames the sidecar of `path` lists: `<md5>  <stem>-<w>x<h>-<NNNN>.i420`.
    static func sidecarFrames(_ path: String) throws -> [StreamVerifier.FrameIdentity] {
        try String(contentsOfFile: path + ".md5", encoding: .utf8).split(separator: "\n").map { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            let name = parts[1].dropLast(".i420".count).split(separator: "-")
            let size = try #require(FrameSize(parsing: String(name[name.count - 2])))
            return StreamVerifier.FrameIdentity(
                packet: try #require(Int(name[name.count - 1])), size: size, digest: String(parts[0]))
        }
    }

    static let streams = [
        "size-176x144.ivf", "vp9/vp9-show-existing-96x64.ivf", "vp9/vp9-resize-448x256-336x192.ivf",
        "av1/av1-altref-96x64.ivf", "av1/av1-superres-240x135.ivf", "h264/h264-rt-320x180.h264",
    ]

    @Test("the witness agrees with the reference tool's frames, and a changed frame is named", arguments: streams)
    func witnessAgainstSidecar(name: String) throws {
        let path = TestPaths.ownVectorsDirectory + "/" + name
        let track = try ContainerFile.open(path: path).track
        let witness = try #require(DecoderRegistry.witness(for: track)).name
        let listed = try Self.sidecarFrames(path)
        #expect(listed.count >= 3)
        #expect(StreamVerifier.witnessDisagreement(path, witness, listed, decodedToEnd: true) == nil)
        var changed = listed
        changed[2] = StreamVerifier.FrameIdentity(packet: listed[2].packet, size: listed[2].size, digest: "0")
        #expect(StreamVerifier.witnessDisagreement(path, witness, changed, decodedToEnd: true)?.frame == 2)
        let extra = listed + [listed[0]]
        #expect(StreamVerifier.witnessDisagreement(path, witness, extra, decodedToEnd: true)?.frame == listed.count)
        #expect(
            StreamVerifier.witnessDisagreement(path, witness, Array(listed.dropLast()), decodedToEnd: true)?.frame
                == listed.count - 1)
        // A decode that stopped early is compared as far as it went.
        #expect(StreamVerifier.witnessDisagreement(path, witness, Array(listed.prefix(2)), decodedToEnd: false) == nil)
    }

    @Test(
        "a Matroska file holding two video tracks (VP8, then AV1; remuxed by the ffmpeg command) verifies its first by default and its second with trackNumber 2, each held to its own witness"
    )
    func secondVideoTrack() throws {
        let path = try TwoTrackFile.make()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = StreamVerifier(converters: [LibYUVConverter()], matrix: .bt601).verify(path)
        let second = StreamVerifier(converters: [LibYUVConverter()], matrix: .bt601, trackNumber: 2).verify(path)
        let av1 = StreamVerifier(converters: [LibYUVConverter()], matrix: .bt601).verify(
            TwoTrackFile.secondTrackSource)
        #expect(first.failures.isEmpty && second.failures.isEmpty, "\(first.failures) \(second.failures)")
        #expect(first.witness != nil && second.witness == av1.witness && first.witness != second.witness)
        #expect(second.frames == av1.frames && second.frames > 0)
        let third = StreamVerifier(converters: [LibYUVConverter()], matrix: .bt601, trackNumber: 3).verify(path)
        #expect(third.failures.map(\.check) == ["decode"], "\(third.failures)")
    }
}
