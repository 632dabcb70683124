#if canImport(Glibc)
import Glibc
#endif

/// How a child process ended.
public enum ChildTermination: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// This signal ended it.
    case signalled(Int32)

    /// The status a shell would give: the exit status, or 128 + the signal's number.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signalled(let signal): 128 + signal
        }
    }

    /// `SIGSEGV`, `SIGBUS`, ... for `signal`; `signal N` for one without a name here.
    public static func name(ofSignal signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGILL: "SIGILL"
        case SIGABRT: "SIGABRT"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGTRAP: "SIGTRAP"
        case SIGTERM: "SIGTERM"
        case SIGSTOP: "SIGSTOP"
        case SIGTSTP: "SIGTSTP"
        default: "signal \(signal)"
        }
    }

    /// The termination a `wait4` status of an ended (not stopped) child describes.
    init(waitStatus status: Int32) {
        self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }
}
