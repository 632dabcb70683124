/// One compressed frame of the chosen track, as a container reader hands
/// it over.
public struct Packet: Sendable {
    /// 1-based position of the packet in the track (vpxdec's frame number
    /// for IVF).
    public let number: Int
    /// Byte offset of the packet in the file: of its 12-byte header in IVF,
    /// where libavformat found it otherwise.
    public let offset: Int
    /// Presentation timestamp in ticks of the track's timebase.
    public let pts: Int64
    /// The compressed bytes (`data.count` is the declared size; indices
    /// start at 0, not at the file offset). They live in a buffer the
    /// reader reuses for every packet: a packet kept past the reader's next
    /// `next()` keeps its bytes (copy-on-write makes the reader copy
    /// first), one dropped before it costs nothing.
    public let data: ArraySlice<UInt8>

    /// Packet `number` at `offset`, stamped `pts`, holding `data`.
    public init(number: Int, offset: Int, pts: Int64, data: ArraySlice<UInt8>) {
        self.number = number
        self.offset = offset
        self.pts = pts
        self.data = data
    }
}
