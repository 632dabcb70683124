import Dispatch
import Foundation

/// The `per-stream` schedule's threads: one of its own per participant,
/// started before the first frame is due. (A serial `DispatchQueue` per
/// participant, queued at the start, left the threads to libdispatch: made
/// as the first frames fell due, and at most 255 in its overcommit pool,
/// so a 256-tile call's last participant waited for another to finish.)
struct CallThreads {
    private let group = DispatchGroup()

    /// Starts a thread for each of `participants` that runs `body` with it.
    init(_ participants: [CallParticipant], _ body: @escaping @Sendable (CallParticipant) -> Void) {
        for participant in participants {
            group.enter()
            let thread = Thread { [group] in
                body(participant)
                group.leave()
            }
            thread.name = "framebench.call.participant.\(participant.index)"
            thread.start()
        }
    }

    /// Returns once every thread's `body` has returned.
    func join() { group.wait() }
}
