/// Why a file could not be opened or read.
public struct FileReadError: Error, Equatable, CustomStringConvertible {
    /// The system's or FrameBench's reason.
    public let reason: String

    /// An error for `reason` (the system's text, e.g. `strerror(errno)`).
    public init(reason: String) {
        self.reason = reason
    }

    /// `"cannot read: <reason>"`.
    public var description: String { "cannot read: \(reason)" }
}
