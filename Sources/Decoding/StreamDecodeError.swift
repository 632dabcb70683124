/// A decode of a whole file that stopped early, with the reason and what
/// was seen before it.
public struct StreamDecodeError: Error, CustomStringConvertible {
    /// What failed: an `IVFError` or a `ContainerError` (the container), a
    /// `DecodeError`, a `FileReadError` (the file could not be opened) or
    /// an error thrown by the frame callback.
    public let underlying: any Error
    /// What was decoded before the fault (nil if the file header was bad).
    public let summary: StreamSummary?

    /// A fault `underlying` after `summary`.
    public init(underlying: any Error, summary: StreamSummary?) {
        self.underlying = underlying
        self.summary = summary
    }

    /// The underlying error's one-line description.
    public var description: String { String(describing: underlying) }
}
