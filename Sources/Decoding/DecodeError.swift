/// A failure reported by a decoder, or FrameBench's refusal of what it
/// decoded, with the packet it happened on.
public struct DecodeError: Error, CustomStringConvertible {
    /// 1-based packet number, or nil for set-up failures.
    public let packet: Int?
    /// Byte offset of the packet's header in the file, when known.
    public let offset: Int?
    /// The decoder's error text, or FrameBench's own reason for refusing
    /// the frame.
    public let message: String

    /// An error for `packet` at `offset` with `message`.
    public init(packet: Int?, offset: Int?, message: String) {
        self.packet = packet
        self.offset = offset
        self.message = message
    }

    /// An error at `packet` with `message`.
    public init(_ packet: PacketInfo, _ message: String) {
        self.init(packet: packet.number, offset: packet.offset, message: message)
    }

    /// One line, e.g. `packet 7 at byte 5120: decode failed: Corrupt frame`.
    public var description: String {
        switch (packet, offset) {
        case (let p?, let o?): "packet \(p) at byte \(o): \(message)"
        case (let p?, nil): "packet \(p): \(message)"
        default: message
        }
    }
}
