/// Where a child's standard output or standard error goes.
public enum ChildOutput: Sendable {
    /// The parent's own stream of the same number.
    case inherit
    /// A pipe the parent reads (`ChildProcess.standardOutput`, `.standardError`).
    case pipe
    /// This descriptor of the parent's (e.g. 2, for standard output sent to the parent's standard error).
    case parentDescriptor(Int32)
    /// For standard error: wherever the child's standard output goes (`2>&1`),
    /// so the two are interleaved as written. For standard output: as `inherit`.
    case standardOutput
}
