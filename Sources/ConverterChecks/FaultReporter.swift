import Frames

#if canImport(Glibc)
import Glibc
#endif

/// In a check worker: on SIGSEGV or SIGBUS, writes `fault y`, `fault u`,
/// `fault v`, `fault uv` or `fault bgra` to the worker's protocol
/// descriptor when the faulting address lies in the guard page after that
/// source plane or after the destination, then raises the signal again
/// with its default action, so the process dies of it (the parent sees the
/// signal and the plane) whether a fault or `raise`/`kill` sent it. The
/// handler only reads preallocated memory and calls `write` and `raise`.
public enum FaultReporter {
    /// Installs the handlers; faults are reported on `descriptor`.
    public static func install(descriptor: Int32) {
        let state = UnsafeMutablePointer<UInt>.allocate(capacity: 10)
        state.initialize(repeating: 0, count: 10)
        state[0] = UInt(descriptor)
        state[1] = UInt(GuardedBytes.pageSize)
        faultMessages = (planeNames + [destinationPlane]).map { UnsafePointer(strdup("fault \($0)\n")!) }
        faultState = state
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = faultHandler
        action.sa_flags = SA_SIGINFO | Int32(bitPattern: UInt32(SA_RESETHAND))
        sigemptyset(&action.sa_mask)
        sigaction(SIGSEGV, &action, nil)
        sigaction(SIGBUS, &action, nil)
        // A worker inherits its parent's signal mask: unblocked, a raised
        // fault signal cannot stay pending while the converter runs on.
        var faults = sigset_t()
        sigemptyset(&faults)
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT] { sigaddset(&faults, signal) }
        pthread_sigmask(SIG_UNBLOCK, &faults, nil)
    }

    /// Watches the guard pages after `frame`'s planes and after
    /// `destination` (nil: none).
    public static func watch(_ frame: GuardedSource?, destination: GuardedBytes?) {
        guard let state = faultState else { return }
        let planes = frame?.planes ?? []
        for slot in 0..<3 {
            let plane = slot < planes.count ? planes[slot] : nil
            state[2 + slot] = plane.map { UInt(bitPattern: $0.bytes.guardPage) } ?? 0
            state[6 + slot] = UInt(plane.flatMap { planeNames.firstIndex(of: $0.name) } ?? 0)
        }
        state[5] = destination.map { UInt(bitPattern: $0.guardPage) } ?? 0
        state[9] = UInt(planeNames.count)
    }

    /// The source planes a `fault` line can name, in message order.
    static let planeNames = ["y", "u", "v", "uv"]

    /// The plane letter a `fault` line names for the destination.
    public static let destinationPlane = "bgra"

    /// The plane letter of a `fault` protocol line, or nil.
    public static func plane(ofLine line: String) -> String? {
        line.hasPrefix("fault ") ? String(line.dropFirst(6)) : nil
    }
}

/// Descriptor, page size, the guard pages' addresses (up to three source
/// planes', then the destination's), then the message index of each.
nonisolated(unsafe) private var faultState: UnsafeMutablePointer<UInt>?
/// The `fault` lines, preallocated.
nonisolated(unsafe) private var faultMessages: [UnsafePointer<CChar>] = []

private func faultHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    guard let state = faultState, let info else { return }
    let address = UInt(bitPattern: info.pointee._sifields._sigfault.si_addr)
    for guarded in 0..<4 {
        let page = state[2 + guarded]
        if page != 0 && address >= page && address < page + state[1] {
            faultMessages.withUnsafeBufferPointer { messages in
                let message = messages[Int(state[6 + guarded])]
                _ = write(Int32(state[0]), message, strlen(message))
            }
        }
    }
    // SA_RESETHAND restored the default action. Raised again, the signal
    // stays pending until the handler returns and then kills the process:
    // a fault would also have re-run its instruction and faulted again, but
    // a signal from raise or kill would otherwise be lost.
    raise(signal)
}
