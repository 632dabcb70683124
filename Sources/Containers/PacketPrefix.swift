/// The packets of another source that come before packet `end`: a stream
/// cut short just before a packet a consumer refuses.
public struct PacketPrefix: PacketSource {
    private var source: any PacketSource
    private let end: Int

    /// The packets of `source` numbered below `end`.
    public init(_ source: any PacketSource, endingBefore end: Int) {
        self.source = source
        self.end = end
    }

    /// The track of the source.
    public var track: Track { source.track }

    /// The source's next packet, or nil from packet `end` on.
    public mutating func next() throws -> Packet? {
        guard let packet = try source.next(), packet.number < end else { return nil }
        return packet
    }
}
