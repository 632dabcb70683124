import Conformance
import Containers
import Converters
import Decoding
import Foundation
import Frames
import TestSupport
import Testing

/// The golden per-frame BGRA MD5s of `Vectors/`, its `vp9/` and `av1/`
/// folders and its baseline H.264 streams (made once by the independent
/// libvpx, libaom or OpenH264 + libyuv program of `scripts/make-golden`)
/// are recomputed by every converter from the decoder's frames.
@Suite struct GoldenReferenceTests {
    static let matrices: [ColorMatrix] = [.bt601, .bt709]

    /// The H.264 streams that have golden lists (the baseline ones OpenH264 decodes).
    static let h264Cases = TestPaths.h264Vectors.filter {
        FileManager.default.fileExists(
            atPath: URL(fileURLWithPath: $0).deletingPathExtension().path + ".bt601.bgra.md5")
    }

    /// The vectors: the own ones, the official ones and the H.264 streams with golden lists.
    static let cases: [String] = TestPaths.ownVectors + TestPaths.officialVectors + h264Cases

    @Test("the baseline H.264 streams have golden BGRA MD5s")
    func h264Present() {
        #expect(Self.h264Cases.count >= 3, "expected h264-rt-*.h264 with golden lists in Vectors/h264")
    }

    @Test("own vectors have golden BGRA MD5s")
    func ownVectorsPresent() throws {
        #expect(TestPaths.ownVectors.count >= 12)
    }

    @Test("every converter reproduces the golden BGRA MD5s", arguments: cases)
    func reproduceGolden(path: String) throws {
        let stem = FrameDigest.stem(ofPath: path)
        // The own vectors' lists lie beside them (Vectors/, vp9/, av1/), the official ones' in Vectors/golden.
        let isOwn = path.hasPrefix(TestPaths.packageRoot + "/Vectors/")
        let goldenDirectory = isOwn ? String(path[..<path.lastIndex(of: "/")!]) : TestPaths.goldenDirectory
        for matrix in Self.matrices {
            let goldenPath = "\(goldenDirectory)/\(stem).\(matrix.name).bgra.md5"
            let golden = try String(decoding: FileBytes.read(goldenPath), as: UTF8.self)
                .split(separator: "\n").map(String.init)
            for (label, converter) in ConvertersUnderTest.all {
                var lines: [String] = []
                var target: BGRABuffer?
                _ = try StreamDecoder.decode(path: path) { frame in
                    if target?.size != frame.image.size { target = BGRABuffer(size: frame.image.size, padding: 16) }
                    try converter.convert(frame.image, to: target!.view, matrix: matrix)
                    let name = FrameDigest.frameName(
                        stem: stem, size: frame.image.size, packet: frame.packet, ext: "bgra")
                    lines.append("\(FrameDigest.bgra(target!.view))  \(name)")
                }
                #expect(!lines.isEmpty)
                #expect(lines == golden, "\(label) \(matrix.name) \(stem)")
            }
        }
    }
}
