import Frames

/// Per-frame lines in the layout of `ffmpeg -f framemd5` (version 2): a
/// header naming the timebase and the first frame's size, then
/// `0, DTS, PTS, DURATION, SIZE, MD5` per shown frame, in presentation
/// order, times in ticks of the track's timebase.
///
/// A decoded frame's dts is its pts, as FFmpeg writes decoded frames. Its
/// duration is one frame at the track's frame rate where that is known
/// (`Track.frameDuration`), as FFmpeg gives every frame; otherwise the
/// distance to the next frame's pts, the last frame taking the duration
/// before it (1 for a stream of one frame). SIZE is the I420 bytes of the
/// frame, the MD5 that of its planes (`FrameDigest.i420`).
public struct FrameMD5Listing {
    private let timebase: Timebase
    private let frameDuration: Int64?
    private let emit: (String) -> Void
    private var held: (pts: Int64, size: FrameSize, digest: String)?
    private var lastDuration: Int64 = 1

    /// A listing of frames stamped in `timebase`, each lasting
    /// `frameDuration` ticks when given, each line passed to `emit`.
    public init(timebase: Timebase, frameDuration: Int64? = nil, emit: @escaping (String) -> Void) {
        self.timebase = timebase
        self.frameDuration = frameDuration
        self.emit = emit
    }

    /// Adds a frame shown at `pts`, of `size`, whose I420 MD5 is `digest`;
    /// writes the line of the frame before it (whose duration it settles),
    /// or the header for the first frame.
    public mutating func add(pts: Int64, size: FrameSize, digest: String) {
        if let held {
            lastDuration = frameDuration ?? (pts &- held.pts)
            write(held, duration: lastDuration)
        } else {
            for line in [
                "#format: frame checksums", "#version: 2", "#hash: MD5", "#tb 0: \(timebase)",
                "#media_type 0: video", "#codec_id 0: rawvideo", "#dimensions 0: \(size)",
                "#stream#, dts,        pts, duration,     size, hash",
            ] { emit(line) }
        }
        held = (pts, size, digest)
    }

    /// Writes the last frame's line.
    public mutating func finish() {
        if let held { write(held, duration: frameDuration ?? lastDuration) }
        held = nil
    }

    private func write(_ frame: (pts: Int64, size: FrameSize, digest: String), duration: Int64) {
        let bytes = frame.size.i420ByteCount
        emit(
            "0, \(Self.pad(frame.pts, 10)), \(Self.pad(frame.pts, 10)), \(Self.pad(duration, 8)), "
                + "\(Self.pad(Int64(bytes), 8)), \(frame.digest)")
    }

    /// `value` right-aligned in `width` characters, as printf's `%10d`.
    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
