/// The packets a decoder that may reorder frames (libavcodec, OpenH264)
/// has been given and whose frames have not come out yet, each found again
/// by its number, which travels through the decoder as the frame's
/// timestamp.
struct ReorderedPackets {
    /// How many packets before a frame's own a frame still to come may be:
    /// more than any codec's reordering holds back.
    static let window = 64

    private var pending: [PacketInfo] = []

    /// The last packet given, which frames handed over at the end of the
    /// stream are credited to when none of theirs is found (packet 0 before any).
    var last: PacketInfo { pending.last ?? PacketInfo(number: 0, offset: 0, pts: 0) }

    /// Records `packet` as given to the decoder.
    mutating func append(_ packet: PacketInfo) { pending.append(packet) }

    /// The pending packet numbered `number`, dropped with every packet more
    /// than `window` before it (a packet that shows nothing never comes
    /// out; a reordered one comes out within the window); `current` when
    /// no pending packet has that number.
    mutating func origin(of number: Int?, current: PacketInfo) -> PacketInfo {
        guard let number, let index = pending.firstIndex(where: { $0.number == number }) else { return current }
        let found = pending.remove(at: index)
        pending.removeAll { $0.number < found.number - Self.window }
        return found
    }
}
