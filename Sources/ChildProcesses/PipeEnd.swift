#if canImport(Glibc)
import Glibc
#endif

/// The parent's end of a pipe to or from a child process: a descriptor it
/// owns, closed when this is released (or by `close()`).
public class PipeEnd {
    /// The descriptor (-1 once closed).
    public private(set) var descriptor: Int32

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    deinit { close() }

    /// Closes the descriptor; later calls do nothing.
    public func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }
}
