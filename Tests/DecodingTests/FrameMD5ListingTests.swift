import Conformance
import Containers
import Decoding
import Foundation
import Frames
import TestSupport
import Testing

/// `bench decode --framemd5`'s lines against the `ffmpeg` command's
/// `-f framemd5` on the same files: the same timebase, and per frame the
/// same pts and MD5, in presentation order, and, for every file
/// libavformat reads, the same duration (one frame at the frame rate
/// libavformat gives the track). An IVF file's durations are not compared:
/// the project's own reader knows no frame rate, and the listing gives
/// the distance to the next frame where FFmpeg guesses a rate from the
/// timestamps.
struct FrameMD5ListingTests {
    static func listing(_ path: String) throws -> [String] {
        var lines: [String] = []
        let packets = try StreamDecoder.open(path: path, trackNumber: nil)
        var listing = FrameMD5Listing(timebase: packets.track.timebase, frameDuration: packets.track.frameDuration) {
            lines.append($0)
        }
        _ = try StreamDecoder.decode(packets: packets) { frame in
            listing.add(pts: frame.time.value, size: frame.image.size, digest: FrameDigest.i420(frame.image))
        }
        listing.finish()
        return lines
    }

    /// FFmpeg's lines: in the demuxer's timebase where the container has
    /// times, in its default one (a frame a tick) for a raw stream.
    static func ffmpeg(_ path: String, raw: Bool) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["ffmpeg", "-nostdin", "-v", "error", "-threads", "1", "-i", path, "-map", "0:v:0"]
            + (raw ? [] : ["-fps_mode", "passthrough", "-enc_time_base:v", "-1"]) + ["-f", "framemd5", "-"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The timebase line, and `pts, hash` of every frame line (`pts,
    /// duration, hash` with `durations`).
    static func essentials(_ lines: [String], durations: Bool) -> [String] {
        lines.compactMap { line in
            if line.hasPrefix("#tb ") { return line }
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 6 else { return line }
            return durations ? "\(fields[2]) \(fields[3]) \(fields[5])" : "\(fields[2]) \(fields[5])"
        }
    }

    static let files: [(String, Bool)] = [
        ("h264/h264-bframes-320x240.mp4", false), ("h264/h264-opengop-320x240.mkv", false),
        ("h264/h264-odd-202x118.h264", true), ("containers/vp9-rt-320x180.webm", false),
        ("containers/av1-rt-320x180.mp4", false), ("irregular-timing.ivf", false),
    ]

    @Test("pts, duration and MD5 of every frame, and the timebase, as ffmpeg -f framemd5 gives them", arguments: files)
    func sameAsFFmpeg(name: String, raw: Bool) throws {
        let path = TestPaths.ownVectorsDirectory + "/" + name
        let ours = try Self.listing(path)
        #expect(ours.count > 9)
        let durations = !name.hasSuffix(".ivf")
        #expect(
            Self.essentials(ours, durations: durations)
                == Self.essentials(try Self.ffmpeg(path, raw: raw), durations: durations), "\(name)")
    }

    @Test("the layout of ffmpeg's lines: header, then 0, dts, pts, duration, size, MD5 in its columns")
    func layout() {
        var lines: [String] = []
        var listing = FrameMD5Listing(timebase: Timebase(numerator: 1, denominator: 1000)!) { lines.append($0) }
        listing.add(pts: 0, size: FrameSize(width: 3, height: 3), digest: "d")
        listing.add(pts: 33, size: FrameSize(width: 3, height: 3), digest: "e")
        listing.finish()
        #expect(lines.count == 10)
        #expect(lines[3] == "#tb 0: 1/1000")
        #expect(lines[6] == "#dimensions 0: 3x3")
        #expect(lines[8] == "0,          0,          0,       33,       17, d")
        #expect(lines[9] == "0,         33,         33,       33,       17, e")
    }

    @Test("with a frame rate every frame lasts one frame at it, whatever the pts between")
    func frameDuration() {
        var lines: [String] = []
        var listing = FrameMD5Listing(timebase: Timebase(numerator: 1, denominator: 1000)!, frameDuration: 33) {
            lines.append($0)
        }
        for pts in [0, 34, 66, 133] as [Int64] {
            listing.add(pts: pts, size: FrameSize(width: 2, height: 2), digest: "d")
        }
        listing.finish()
        #expect(
            lines.suffix(4).map { $0.split(separator: ",")[3].trimmingCharacters(in: .whitespaces) } == [
                "33", "33", "33", "33",
            ])
    }
}
