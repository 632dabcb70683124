/// One compressed frame from an IVF file.
public struct IVFPacket: Sendable {
    /// 1-based position of the packet in the file (vpxdec's frame number).
    public let number: Int
    /// Byte offset of the packet's 12-byte header in the file.
    public let offset: Int
    /// Presentation timestamp in ticks of the file's timebase.
    public let pts: Int64
    /// The compressed bytes (`data.count` is the declared size; indices
    /// start at 0, not at the file offset). They live in a buffer the
    /// reader reuses for every packet: a packet kept past the reader's next
    /// `next()` keeps its bytes (copy-on-write makes the reader copy
    /// first), one dropped before it costs nothing.
    public let data: ArraySlice<UInt8>
}
