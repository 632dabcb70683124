import Converters
import Foundation
import Streams
import TestSupport
import Testing

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
