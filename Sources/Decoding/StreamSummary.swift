import Containers

/// What a whole-file decode saw, for timestamp checks and reports.
public struct StreamSummary: Sendable {
    /// The track decoded.
    public let track: Track
    /// The decoder that decoded it (`DecoderEntry.name`).
    public let decoder: String
    /// Every packet read, in file order: number, pts and how many frames it
    /// showed (0 for an invisible frame).
    public internal(set) var packets: [PacketRecord]

    /// A record of `packets` read from `track`, decoded by `decoder`.
    public init(track: Track, decoder: String = "", packets: [PacketRecord] = []) {
        self.track = track
        self.decoder = decoder
        self.packets = packets
    }
}

/// One packet of a stream as the decoder saw it.
public struct PacketRecord: Sendable, Equatable {
    /// 1-based packet number.
    public let number: Int
    /// Byte offset of the packet header.
    public let offset: Int
    /// Presentation timestamp in ticks.
    public let pts: Int64
    /// Frames the packet showed: 0 (invisible, or not shown yet) or more.
    public internal(set) var shownFrames: Int

    /// A record of packet `number` at `offset`, stamped `pts`, that showed
    /// `shownFrames` frames.
    public init(number: Int, offset: Int, pts: Int64, shownFrames: Int) {
        self.number = number
        self.offset = offset
        self.pts = pts
        self.shownFrames = shownFrames
    }
}
