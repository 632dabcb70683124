/// Where a child's standard input comes from.
public enum ChildInput: Sendable {
    /// The parent's standard input.
    case inherit
    /// `/dev/null`: the child reads end of file at once.
    case nullDevice
    /// A pipe the parent writes (`ChildProcess.standardInput`).
    case pipe
}
