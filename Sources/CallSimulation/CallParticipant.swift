import Frames
import Presentation
import Synchronization

/// One participant of a call: its frame source, its timeline and what
/// happened to each of its due frames. Its state lives in a `Mutex`, so
/// whichever thread runs its frame (its own thread, or a shared
/// pool's worker) has it alone.
public final class CallParticipant: Sendable {
    /// 0-based index in the call.
    public let index: Int
    /// The tile request it belongs to.
    public let request: CallTileRequest
    /// The vector it decodes (a path; empty for constructed sources).
    public let vector: String
    /// The size its stream really has.
    public let streamSize: FrameSize
    /// When its frames are due.
    public let timeline: CallTimeline

    private struct State {
        var source: any CallFrameSource
        var records: [CallFrameRecord] = []
        var error: String?
    }

    private let state: Mutex<State>

    /// Participant `index` of `request`, decoding `source` (from `vector`) on `timeline`.
    public init(
        index: Int, request: CallTileRequest, vector: String, source: sending any CallFrameSource,
        timeline: CallTimeline
    ) {
        self.index = index
        self.request = request
        self.vector = vector
        streamSize = source.size
        self.timeline = timeline
        state = Mutex(State(source: source))
    }

    /// Whether its stream has failed (it then does nothing more).
    public var stopped: Bool { state.withLock { $0.error != nil } }

    /// The records so far, in frame order.
    public var records: [CallFrameRecord] { state.withLock { $0.records } }

    /// The error that stopped it, if any.
    public var error: String? { state.withLock { $0.error } }

    /// Runs frame `k` now (the caller has waited for its due time): when
    /// `clock` already reads the next frame's due time, the frame is
    /// dropped (decoded only, as a reference for the frames after it);
    /// otherwise it is decoded and converted and its finish time recorded.
    /// Returns false when the participant has stopped (now or before).
    @discardableResult
    public func step<C: PresentationClock>(_ k: Int, clock: C) -> Bool {
        state.withLock { state in
            guard state.error == nil else { return false }
            let due = timeline.due(k)
            let nextDue = timeline.due(k + 1)
            let started = clock.now()
            let drop = started >= nextDue
            do {
                let mediaTime = try state.source.nextFrame(convert: !drop)
                let finished = drop ? nil : clock.now()
                state.records.append(
                    CallFrameRecord(
                        frame: k, mediaTime: mediaTime, due: due, nextDue: nextDue, started: started,
                        finished: finished))
                return true
            } catch {
                state.error = (vector.isEmpty ? "" : "\(vector): ") + "frame \(k): \(error)"
                return false
            }
        }
    }

    /// Runs every frame of the timeline in turn on the calling thread,
    /// waiting on `clock` for each due time; stops at the first error.
    public func runSerially<C: PresentationClock>(clock: C) {
        for k in 0..<timeline.frames {
            clock.wait(until: timeline.due(k))
            guard step(k, clock: clock) else { return }
        }
    }

    /// Its figures.
    public func report() -> CallTileReport {
        state.withLock { state in
            CallTileReport(
                participant: index, request: request, vector: vector, streamSize: streamSize, records: state.records,
                error: state.error)
        }
    }
}
