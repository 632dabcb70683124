/// Why a container read through libavformat could not go on, and where.
public struct ContainerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based number of the packet being read, or nil while opening the file.
    public let packet: Int?
    /// Byte offset in the file where libavformat stood (`avio_tell`), when known.
    public let offset: Int?
    /// What went wrong: libavformat's reason or FrameBench's.
    public let reason: String

    /// An error at `packet` and `offset` for `reason`.
    public init(packet: Int?, offset: Int?, reason: String) {
        self.packet = packet
        self.offset = offset
        self.reason = reason
    }

    /// One line, e.g. `packet 4 at byte 1822: Invalid data found when processing input`.
    public var description: String {
        let place =
            switch (packet, offset) {
            case (let p?, let o?): "packet \(p) at byte \(o)"
            case (let p?, nil): "packet \(p)"
            case (nil, let o?): "file header at byte \(o)"
            case (nil, nil): "file header"
            }
        return "\(place): \(reason)"
    }
}
