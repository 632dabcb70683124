import Containers
import Foundation

/// Finding stream files and their MD5 sidecars.
public enum VectorFiles {
    /// The directory of the project's own vectors, relative to the working directory.
    public static let defaultDirectory = "Vectors"

    /// The streams of other codecs the report decodes end to end by
    /// default beside `defaultDirectory`'s VP8 vectors: one VP9, one AV1
    /// and one H.264 (Annex B, constrained baseline) real-time stream of the
    /// project's own (paths in `defaultDirectory`).
    public static let defaultOtherCodecStreams = [
        "vp9/vp9-rt-640x360.ivf", "av1/av1-rt-640x360.ivf", "h264/h264-rt-640x360.h264",
    ]

    /// The report's default end-to-end paths: `defaultDirectory` and
    /// `defaultOtherCodecStreams`, those that exist (none without the
    /// directory).
    public static var defaultPaths: [String] {
        guard directoryExists(defaultDirectory) else { return [] }
        return [defaultDirectory]
            + defaultOtherCodecStreams.map { defaultDirectory + "/" + $0 }.filter {
                FileManager.default.fileExists(atPath: $0)
            }
    }

    /// Prefix of files that are broken on purpose (timestamps going
    /// backwards or repeating): `verify` must fail them, and the report and
    /// the gate treat their failure as expected.
    public static let expectedBadPrefix = "bad-ts-"

    /// The name endings of the streams a directory holds: IVF, WebM,
    /// Matroska, MP4, MOV and H.264 Annex B. (A file named on its own is
    /// read whatever its name: formats are told by content.)
    public static let streamExtensions = [".ivf", ".webm", ".mkv", ".mp4", ".mov", ".h264", ".264"]

    /// The stream files named by `paths`: a file as given, a directory's
    /// files ending in one of `streamExtensions` (not recursive), sorted by
    /// name. A path that does not exist is returned as it is, so the caller
    /// reports it as unreadable.
    public static func expand(_ paths: [String]) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                let streams = names.filter { name in streamExtensions.contains { name.lowercased().hasSuffix($0) } }
                result += streams.sorted().map { base + "/" + $0 }
            } else {
                result.append(path)
            }
        }
        return result
    }

    /// The stream files `files` name, as `expand(_:)` finds them, each
    /// read at the track its path was given with.
    public static func expand(_ files: [StreamFile]) -> [StreamFile] {
        files.flatMap { file in expand([file.path]).map { StreamFile(path: $0, track: file.track) } }
    }

    /// Two different streams of a report that share a file name, which
    /// the report's entries are named by.
    public struct NameClash: Error, CustomStringConvertible {
        /// The two paths.
        public let first: String, second: String

        /// One line naming both.
        public var description: String {
            "\(first) and \(second) would share the report's entry names (stream entries are named by file name)"
        }
    }

    /// The stream files `files` name (`expand(_:)`), each once: a file
    /// named again (the same file, its path resolved, at the same track),
    /// as a default directory and a path into it can, is left out.
    /// - Throws: `NameClash` when two of the rest share a file name.
    public static func distinct(_ files: [StreamFile]) throws(NameClash) -> [StreamFile] {
        var seen: Set<StreamFile> = []
        var byName: [String: String] = [:]
        var result: [StreamFile] = []
        for file in expand(files) {
            let resolved = URL(fileURLWithPath: file.path).standardizedFileURL.resolvingSymlinksInPath().path
            guard seen.insert(StreamFile(path: resolved, track: file.track)).inserted else { continue }
            if let earlier = byName.updateValue(file.path, forKey: fileName(file.path)) {
                throw NameClash(first: earlier, second: file.path)
            }
            result.append(file)
        }
        return result
    }

    /// Whether `path` names a deliberately broken vector (`bad-ts-*`).
    public static func isExpectedBad(_ path: String) -> Bool {
        fileName(path).hasPrefix(expectedBadPrefix)
    }

    /// The last path component.
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Whether a directory exists at `path`.
    public static func directoryExists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The golden BGRA list for `path` and `matrix`: `<stem>.<matrix>.bgra.md5`
    /// beside the file, else in `Vectors/golden/` (where the lists for the
    /// official vectors live); nil when neither exists.
    public static func goldenBGRAPath(for path: String, matrix: String) -> String? {
        let name = fileName(path)
        let stem = name.lowercased().hasSuffix(".ivf") ? String(name.dropLast(4)) : name
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let candidates = [
            "\(directory)/\(stem).\(matrix).bgra.md5", "\(defaultDirectory)/golden/\(stem).\(matrix).bgra.md5",
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The expected frame MD5s from `path + ".md5"` (`vpxdec --md5` lines:
    /// `<md5>  <name>`), in order; nil when there is no sidecar.
    /// - Throws: when the sidecar exists but cannot be read or a line is malformed.
    public static func sidecarDigests(for path: String) throws -> [String]? {
        try digests(in: path + ".md5")
    }

    /// The MD5s listed in `sidecar` (first word of each line), in order;
    /// nil when the file does not exist.
    /// - Throws: when it exists but cannot be read or a line is malformed.
    public static func digests(in sidecar: String) throws -> [String]? {
        guard FileManager.default.fileExists(atPath: sidecar) else { return nil }
        let text = try String(contentsOfFile: sidecar, encoding: .utf8)
        return try text.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            let digest = String(trimmed.prefix { !$0.isWhitespace }).lowercased()
            guard digest.count == 32, digest.allSatisfy(\.isHexDigit) else {
                throw SidecarError(path: sidecar, line: String(line))
            }
            return digest
        }
    }
}

/// A sidecar line that is not `<32 hex digits>  <name>`.
public struct SidecarError: Error, CustomStringConvertible {
    /// The sidecar's path.
    public let path: String
    /// The offending line.
    public let line: String
    /// One line naming the file and the bad line.
    public var description: String { "\(path): malformed line '\(line)'" }
}
