#if canImport(Glibc)
import Glibc
#endif

/// Why a child process could not be started.
public enum SpawnError: Error, Sendable, CustomStringConvertible {
    /// A pipe could not be made (the `errno`).
    case pipe(Int32)
    /// `posix_spawn` failed for the executable (the error it returned).
    case spawn(executable: String, error: Int32)

    /// One line: `cannot make a pipe: REASON` or `cannot run EXECUTABLE: REASON`.
    public var description: String {
        switch self {
        case .pipe(let error): "cannot make a pipe: \(String(cString: strerror(error)))"
        case .spawn(let executable, let error): "cannot run \(executable): \(String(cString: strerror(error)))"
        }
    }
}
