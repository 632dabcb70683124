/// A change of a child process's state, as a wait saw it.
public enum ChildChange: Sendable {
    /// A signal stopped it (it is still there; continue or kill it).
    case stopped(Int32)
    /// It ended and was reaped.
    case ended(ChildExit)
}
