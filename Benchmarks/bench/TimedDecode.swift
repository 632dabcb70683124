import Conformance
import Frames
import VPX

/// The decode half of both end-to-end passes: reads an IVF file, decodes it
/// packet by packet with libvpx, and times each decode call on the
/// monotonic clock.
enum TimedDecode {
    /// One shown frame as the decoder hands it over.
    struct Shown {
        /// The decoder's planes, valid only during the `onShown` call.
        let image: I420View
        /// Its position among the shown frames, packet and presentation time.
        let time: ShownFrameTime
        /// The clock reading when the decode call of its packet began.
        let packetStart: UInt64
    }

    /// Decodes `path`, calling `onDecodeTime` once per packet (nanoseconds
    /// from the start of its decode call to its first shown frame, or to the
    /// end of the call when it shows none) and `onShown` for every shown
    /// frame in order, after that packet's `onDecodeTime`.
    /// - Throws: the first read or decode error (`IVFError`, `VPXError`);
    ///   every frame shown before it has been passed to `onShown`.
    static func run(path: String, onDecodeTime: (Double) -> Void, onShown: (Shown) throws -> Void) throws {
        let bytes = try FileBytes.read(path)
        var reader = try IVFReader(bytes: bytes)
        let timebase = reader.header.timebase
        let decoder = try VP8Decoder()
        var shownCount = 0
        while let packet = try reader.next() {
            let start = Clock.monotonic()
            var timed = false
            try decoder.decode(packet.data, packet: packet.number, offset: packet.offset) { image in
                if !timed { timed = true; onDecodeTime(Double(Clock.monotonic() &- start)) }
                let time = ShownFrameTime(index: shownCount, packet: packet.number,
                                          time: MediaTime(value: packet.pts, timebase: timebase))
                shownCount += 1
                try onShown(Shown(image: image, time: time, packetStart: start))
            }
            if !timed { onDecodeTime(Double(Clock.monotonic() &- start)) }
        }
    }
}
