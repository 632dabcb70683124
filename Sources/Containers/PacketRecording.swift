/// A track's packets read once into memory, with the fault that ended the
/// reading if one did, to be replayed as often as wanted (a call loops its
/// vectors from memory, whatever their container).
public struct PacketRecording: Sendable {
    /// The track the packets belong to.
    public let track: Track
    /// The packets, in file order, each holding its own bytes.
    public let packets: [Packet]
    /// The error the reader threw after the last of `packets`, which a
    /// replay throws in its turn; nil when the file ended cleanly.
    public let fault: (any Error)?

    /// Reads every packet `source` gives, up to its end or its first
    /// fault (kept in `fault`).
    /// - Throws: `PacketRecordingLimit` when the packets hold more than
    ///   `maximumBytes` bytes (nothing larger is kept).
    public init(_ source: any PacketSource, maximumBytes: Int) throws(PacketRecordingLimit) {
        var source = source
        var packets: [Packet] = []
        var total = 0
        var fault: (any Error)?
        while true {
            let packet: Packet?
            do {
                packet = try source.next()
            } catch {
                fault = error
                break
            }
            guard let packet else { break }
            total += packet.data.count
            guard total <= maximumBytes else { throw PacketRecordingLimit(maximumBytes: maximumBytes) }
            packets.append(
                Packet(number: packet.number, offset: packet.offset, pts: packet.pts, data: Array(packet.data)[...]))
        }
        track = source.track
        self.packets = packets
        self.fault = fault
    }

    /// A reader that hands the recorded packets over again, then throws
    /// `fault` (if any).
    public func replay() -> PacketReplay { PacketReplay(self) }
}

/// The packets of a `PacketRecording`, handed over again in order.
public struct PacketReplay: PacketSource {
    private let recording: PacketRecording
    private var index = 0

    /// A replay of `recording` from its first packet.
    public init(_ recording: PacketRecording) { self.recording = recording }

    /// The recording's track.
    public var track: Track { recording.track }

    /// The next recorded packet; nil after the last, or the recorded fault.
    public mutating func next() throws -> Packet? {
        guard index < recording.packets.count else {
            if let fault = recording.fault { throw fault }
            return nil
        }
        defer { index += 1 }
        return recording.packets[index]
    }
}

/// A file whose packets hold more bytes than may be kept in memory.
public struct PacketRecordingLimit: Error, CustomStringConvertible {
    /// The most bytes a recording keeps.
    public let maximumBytes: Int

    /// `packets of more than N bytes, the most kept in memory`.
    public var description: String { "packets of more than \(maximumBytes) bytes, the most kept in memory" }
}
