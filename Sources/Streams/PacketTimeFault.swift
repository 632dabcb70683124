import Containers
import Decoding
import Frames
import Presentation

/// A packet whose time `StreamTimeLimits` refuses.
public struct PacketTimeFault: CustomStringConvertible {
    /// Its 1-based number.
    public let packet: Int
    /// Its byte offset in the file.
    public let offset: Int
    /// Why its time is refused.
    public let reason: String

    /// One line in the form of `IVFError`'s: `packet N at byte B: ...`.
    public var description: String { "packet \(packet) at byte \(offset): \(reason)" }

    /// Each packet's pts (ticks of `reader`'s timebase), in file order, from
    /// `reader`'s position up to its first malformed packet (a decode then
    /// reports that fault) or the first whose time `StreamTimeLimits`
    /// refuses (returned as the fault, its pts left out), for a delivery at
    /// the stream's pace when `paced`. A reader that is a class (libavformat's)
    /// is read to that point; a value (IVF's) is copied.
    public static func packetTimes(_ reader: any PacketSource, paced: Bool) -> (pts: [Int64], fault: PacketTimeFault?) {
        var reader = reader
        let timebase = reader.track.timebase
        var pts: [Int64] = []
        var first: Double?
        var latest: Double?
        while let packet = try? reader.next() {
            let seconds = MediaTime(value: packet.pts, timebase: timebase).seconds
            if let reason = StreamTimeLimits.violation(
                seconds: seconds, first: first ?? seconds, latest: latest, paced: paced)
            {
                return (pts, PacketTimeFault(packet: packet.number, offset: packet.offset, reason: reason))
            }
            pts.append(packet.pts)
            first = first ?? seconds
            latest = max(latest ?? seconds, seconds)
        }
        return (pts, nil)
    }
}
