/// What a child run to its end gave: its exit and every byte it wrote on
/// its standard output and standard error pipes.
public struct CollectedOutput: Sendable {
    /// How it ended.
    public let exit: ChildExit
    /// Its standard output (with standard error too, when that went to standard output).
    public let standardOutput: [UInt8]
    /// Its standard error, when that was a pipe of its own.
    public let standardError: [UInt8]
}
