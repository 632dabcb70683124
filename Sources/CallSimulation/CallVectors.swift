import Containers
import Foundation
import Frames
import Streams

/// The vectors a call's participants decode: the project's own real-time
/// streams (`scripts/make-vectors`), encoded as a call sends them (constant
/// bitrate, error-resilient, one keyframe), at the call's tile sizes, one
/// set per codec in the codec's folder of a directory: `vp8-rt-WxH.ivf`,
/// `vp9/vp9-rt-WxH.ivf`, `av1/av1-rt-WxH.ivf`, `h264/h264-rt-WxH.h264`
/// (any container the project reads: the name's ending is not looked at
/// beyond `VectorFiles.streamExtensions`).
public enum CallVectors {
    /// The vector picked for a requested size.
    public struct Choice: Sendable, Equatable {
        /// Its path.
        public let path: String
        /// Its size.
        public let size: FrameSize
        /// Whether its size is the requested one.
        public let exact: Bool
    }

    /// The name prefix of `codec`'s call vectors: `vp8-rt-`, `vp9-rt-`, `av1-rt-`.
    public static func prefix(of codec: Codec) -> String {
        "\(codec.rawValue)-rt-"
    }

    /// The folder of `directory` that holds `codec`'s vectors: `directory`
    /// itself for VP8, its `vp9` or `av1` folder otherwise.
    public static func folder(of codec: Codec, in directory: String) -> String {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return codec == .vp8 ? base : base + "/" + codec.rawValue
    }

    /// The `codec` vector of `size` in its folder of `directory`, else the nearest: the
    /// smallest |log(area ratio)|, then the smallest |log(aspect ratio)| (a
    /// 352x288 tile gets 320x180). Sides below 16 are never picked for
    /// another size.
    /// - Throws: `CallSetupError` when the directory has no vector of `codec`.
    public static func choose(_ size: FrameSize, codec: Codec = .vp8, directory: String) throws -> Choice {
        let base = folder(of: codec, in: directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        let prefix = prefix(of: codec)
        let candidates: [(String, FrameSize)] = names.compactMap { name in
            guard name.hasPrefix(prefix), let dot = name.lastIndex(of: "."),
                VectorFiles.streamExtensions.contains(name[dot...].lowercased()),
                let parsed = FrameSize(parsing: String(name[..<dot].dropFirst(prefix.count)))
            else { return nil }
            return (base + "/" + name, parsed)
        }
        if let exact = candidates.first(where: { $0.1 == size }) {
            return Choice(path: exact.0, size: exact.1, exact: true)
        }
        func distance(_ other: FrameSize) -> (Double, Double) {
            (
                abs(log(Double(other.pixelCount) / Double(size.pixelCount))),
                abs(log(Double(other.width * size.height) / Double(other.height * size.width)))
            )
        }
        let usable = candidates.filter { $0.1.width >= 16 && $0.1.height >= 16 }
        guard let nearest = usable.min(by: { distance($0.1) < distance($1.1) }) else {
            throw CallSetupError("no \(prefix)WxH vector (\(codec)) in \(base) for \(size)")
        }
        return Choice(path: nearest.0, size: nearest.1, exact: false)
    }

    /// The most bytes a vector may have: the call holds each in memory, and
    /// loops over it.
    public static let maximumBytes = 256 << 20

    /// The packets of the file at `path` (any container), read into memory.
    /// - Throws: `CallSetupError` when it cannot be opened or its packets
    ///   hold more than `maximumBytes`.
    public static func recording(_ path: String) throws -> PacketRecording {
        do {
            return try PacketRecording(ContainerFile.open(path: path), maximumBytes: maximumBytes)
        } catch {
            throw CallSetupError("\(path): \(error)")
        }
    }

    /// The bytes of the file at `path`.
    /// - Throws: `CallSetupError` when it cannot be read or holds more than
    ///   `maximumBytes`.
    public static func bytes(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CallSetupError("\(path): cannot read") }
        defer { try? handle.close() }
        // One byte past the limit tells a file that is too large from one that fits.
        guard let data = try? handle.read(upToCount: maximumBytes + 1) else {
            throw CallSetupError("\(path): cannot read")
        }
        guard data.count <= maximumBytes else {
            throw CallSetupError("\(path): more than \(maximumBytes) bytes, the most a call's vector may have")
        }
        return [UInt8](data)
    }
}
