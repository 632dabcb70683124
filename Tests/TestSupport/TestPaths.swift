import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where the tests find the package and the official VP8 vectors.
public enum TestPaths {
    /// The package root (the directory holding Package.swift).
    public static let packageRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/TestSupport/TestPaths.swift
        return parts.joined(separator: "/")
    }()

    /// The environment variable that points at the official VP8 vectors.
    public static let vectorsVariable = "FRAMEBENCH_VP8_VECTORS"

    /// The official VP8 test-vector directory: `$FRAMEBENCH_VP8_VECTORS`, or
    /// `../shared/vp8-test-vectors` beside the package.
    public static var officialVectorsDirectory: String {
        if let value = getenv(vectorsVariable) { return String(cString: value) }
        return packageRoot + "/../shared/vp8-test-vectors"
    }

    /// Paths of the `.ivf` files in `directory`, sorted (only those with a
    /// `.ivf.md5` sidecar when `requiringManifest`); empty when the
    /// directory is missing.
    public static func ivfFiles(in directory: String, requiringManifest: Bool = true) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".ivf") { names.append(name) }
        }
        return names.sorted().map { directory + "/" + $0 }
            .filter { !requiringManifest || access($0 + ".md5", R_OK) == 0 }
    }

    /// The environment variable that points at the other codecs' streams.
    public static let codecVectorsVariable = "FRAMEBENCH_CODEC_VECTORS"

    /// The directory of real VP8, VP9, AV1 and H.264 streams with a README
    /// of their whole-output MD5s: `$FRAMEBENCH_CODEC_VECTORS`, or
    /// `../shared/codec-vectors` beside the package.
    public static var codecVectorsDirectory: String {
        if let value = getenv(codecVectorsVariable) { return String(cString: value) }
        return packageRoot + "/../shared/codec-vectors"
    }

    /// The IVF streams in `codecVectorsDirectory`, or empty when it is missing.
    public static var codecVectors: [String] { ivfFiles(in: codecVectorsDirectory, requiringManifest: false) }

    /// Why the codec-vector tests are skipped, for the skip message.
    public static var missingCodecVectorsReason: String {
        "no codec vectors at \(codecVectorsDirectory): set \(codecVectorsVariable) to their directory"
    }

    /// FrameBench's own vectors: the VP8 ones in `Vectors/`, then those of
    /// `Vectors/vp9/` and `Vectors/av1/`.
    public static var ownVectors: [String] { ownVectorDirectories.flatMap { ivfFiles(in: $0) } }

    /// The folders of FrameBench's own vectors, one per codec: `Vectors/`
    /// (VP8), `Vectors/vp9/`, `Vectors/av1/`.
    public static var ownVectorDirectories: [String] {
        [ownVectorsDirectory, ownVectorsDirectory + "/vp9", ownVectorsDirectory + "/av1"]
    }

    /// FrameBench's own H.264 streams in `Vectors/h264/` (Annex B,
    /// Matroska, MP4), each with its `.md5` sidecar.
    public static var h264Vectors: [String] {
        let folder = ownVectorsDirectory + "/h264"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasSuffix(".md5") }.sorted().map { folder + "/" + $0 }
    }

    /// The H.264 Annex B clip of the codec vectors (nil when they are absent).
    public static var codecVectorH264: String? {
        let path = codecVectorsDirectory + "/test-25fps.h264"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// `Vectors/unsupported/`: streams FrameBench refuses (10-bit, 4:4:4).
    public static var unsupportedVectorsDirectory: String { ownVectorsDirectory + "/unsupported" }

    /// `Vectors/` in the package.
    public static var ownVectorsDirectory: String { packageRoot + "/Vectors" }

    /// Directory of the golden BGRA MD5s of the official vectors.
    public static var goldenDirectory: String { packageRoot + "/Vectors/golden" }

    /// The official vectors, or empty when the directory is missing.
    public static var officialVectors: [String] { ivfFiles(in: officialVectorsDirectory) }

    /// Why the official-vector tests are skipped, for the skip message.
    public static var missingVectorsReason: String {
        "no VP8 test vectors at \(officialVectorsDirectory): set \(vectorsVariable) to their directory"
    }

    /// Calls `body` with the path of a fresh directory, `prefix-UUID` in the
    /// system's temporary directory, and removes the directory and all in
    /// it afterwards, whether `body` returns or throws.
    /// - Throws: what creating the directory or `body` throws.
    public static func withTemporaryDirectory<Result>(
        _ prefix: String, _ body: (_ directory: String) throws -> Result
    ) throws -> Result {
        let directory = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }
}
