/// A packet whose time `StreamTimeLimits` refuses.
struct PacketTimeFault: CustomStringConvertible {
    /// Its 1-based number.
    let packet: Int
    /// The byte offset of its header.
    let offset: Int
    /// Why its time is refused.
    let reason: String

    /// One line in the form of `IVFError`'s: `packet N at byte B: ...`.
    var description: String { "packet \(packet) at byte \(offset): \(reason)" }
}
