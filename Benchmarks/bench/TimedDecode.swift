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
        /// Its position among the shown frames, its packet and presentation time.
        let shownFrame: ShownFrameTime
        /// The clock reading when the decode call of its packet began.
        let packetStart: UInt64
        /// The clock reading when the decoder handed it over: where its
        /// packet's decode time ends (for the first frame of the packet).
        let handedOver: UInt64
    }

    /// Decodes `path`, calling `onDecodeTime` once per packet whose decode
    /// call returns (nanoseconds from the start of the call to its first
    /// shown frame, or to the end of the call when it shows none) and
    /// `onShown` for every shown frame in order, after that packet's
    /// `onDecodeTime`.
    /// - Throws: the first error reading or decoding the file
    ///   (`FileReadError`, `IVFError`, `VPXError`); every frame shown
    ///   before it has been passed to `onShown`.
    static func run(path: String, onDecodeTime: (Double) -> Void, onShown: (Shown) -> Void) throws {
        let bytes = try FileBytes.read(path)
        var reader = try IVFReader(bytes: bytes)
        let timebase = reader.header.timebase
        let decoder = try VP8Decoder()
        var shownCount = 0
        while let packet = try reader.next() {
            let start = Clock.monotonic()
            var timed = false
            try decoder.decode(packet.data, packet: packet.number, offset: packet.offset) { image in
                let handedOver = Clock.monotonic()
                if !timed { timed = true; onDecodeTime(Double(handedOver &- start)) }
                let shownFrame = ShownFrameTime(index: shownCount, packet: packet.number,
                                                time: MediaTime(value: packet.pts, timebase: timebase))
                shownCount += 1
                onShown(Shown(image: image, shownFrame: shownFrame, packetStart: start, handedOver: handedOver))
            }
            if !timed { onDecodeTime(Double(Clock.monotonic() &- start)) }
        }
    }
}
