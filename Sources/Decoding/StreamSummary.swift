import Containers

/// What a whole-file decode saw, for timestamp checks and reports.
public struct StreamSummary: Sendable {
    /// The IVF file header.
    public let header: IVFHeader
    /// The decoder that decoded it (`DecoderEntry.name`).
    public let decoder: String
    /// Every packet read, in file order: number, pts and how many frames it
    /// showed (0 for an invisible frame).
    public internal(set) var packets: [PacketRecord]

    /// A record of `packets` read from a file with `header`, decoded by
    /// `decoder`.
    public init(header: IVFHeader, decoder: String = "", packets: [PacketRecord] = []) {
        self.header = header
        self.decoder = decoder
        self.packets = packets
    }

    /// The codec the header names (nil only for a summary built by hand
    /// with an unsupported fourcc).
    public var codec: Codec? { header.codec }
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
