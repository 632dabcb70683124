import Foundation

/// A Matroska file with two video tracks, made by FFmpeg from the project's
/// own streams without re-encoding: track 1 is `vp8-rt-320x180.webm`'s
/// VP8, track 2 `av1-rt-320x180.mp4`'s AV1.
public enum TwoTrackFile {
    /// The second track's source, whose frames track 2 holds.
    public static let secondTrackSource = TestPaths.ownVectorsDirectory + "/containers/av1-rt-320x180.mp4"

    /// Makes the file in the temporary directory and returns its path; the
    /// caller removes it.
    /// - Throws: `TwoTrackFileError` when FFmpeg cannot be run or fails.
    public static func make() throws -> String {
        let containers = TestPaths.ownVectorsDirectory + "/containers"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("two-\(UUID().uuidString).mkv").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffmpeg", "-nostdin", "-v", "error", "-i", containers + "/vp8-rt-320x180.webm", "-i",
            secondTrackSource, "-map", "0:v", "-map", "1:v", "-c", "copy", path,
        ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TwoTrackFileError(status: process.terminationStatus) }
        return path
    }
}

/// FFmpeg could not remux the two tracks: its exit status.
public struct TwoTrackFileError: Error {
    /// FFmpeg's exit status.
    public let status: Int32
}
