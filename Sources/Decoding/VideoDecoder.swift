import Frames

/// Where a compressed packet came from: what a decoder is given with its
/// bytes and gives back with each frame the packet shows.
public struct PacketInfo: Sendable, Equatable {
    /// 1-based position of the packet in the stream.
    public let number: Int
    /// Byte offset of the packet's header in the file.
    public let offset: Int
    /// Presentation timestamp in ticks of the container's timebase.
    public let pts: Int64

    /// The packet numbered `number`, at `offset`, stamped `pts`.
    public init(number: Int, offset: Int, pts: Int64) {
        self.number = number
        self.offset = offset
        self.pts = pts
    }
}

/// A video decoder: packets in, shown 8-bit 4:2:0 frames out.
///
/// Frames are borrowed views of the decoder's own planes, valid only
/// inside the callback that receives them, each with the packet it came
/// from (a decoder that holds frames back hands a frame over with an
/// earlier packet than the one being decoded). A decoder refuses a shown
/// frame of any other format (high bit depth, 4:2:2, 4:4:4, monochrome)
/// with a `DecodeError` naming it, rather than hand over planes a
/// converter would misread. Not thread-safe: one decoder, one thread at a
/// time.
public protocol VideoDecoder: AnyObject {
    /// Decodes one packet of `data` and calls `body` with each frame now
    /// ready to show: none for a packet that shows nothing (an invisible
    /// frame, or one the decoder holds back), one or more otherwise.
    /// - Throws: `DecodeError` naming `packet` when the decoder rejects
    ///   the data, the data is empty or a frame declares more than
    ///   `DecoderLimits.maximumPixelCount` pixels; `UnsupportedFormatError`
    ///   when a shown frame is not 8-bit 4:2:0; rethrows what `body` throws.
    func decode(_ data: ArraySlice<UInt8>, packet: PacketInfo, _ body: (I420View, PacketInfo) throws -> Void) throws

    /// Calls `body` with every frame the decoder still holds at the end
    /// of the stream.
    /// - Throws: as `decode`.
    func finish(_ body: (I420View, PacketInfo) throws -> Void) throws
}

/// Bounds every decoder applies before it allocates for a frame.
public enum DecoderLimits {
    /// Largest frame accepted, in pixels (8K UHD, 7680 × 4320). A frame
    /// declaring more is refused.
    public static let maximumPixelCount = 7680 * 4320
}
