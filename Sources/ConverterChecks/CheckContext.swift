import Converters
import Frames
import Peers

/// What a check runs on and whom it tells about its progress.
public struct CheckContext {
    /// Where a check runs, and so who judges.
    enum Role {
        /// Converts with the converter and the oracle, and judges.
        case inProcess
        /// A check worker: converts with the converter only (through an
        /// `EvidenceRecorder`) and sends evidence; `subject` is the
        /// converter unwrapped, for conversions the check reports itself
        /// (threads, timed spans).
        case gatherer(subject: any FrameConverter)
        /// The parent of a check worker: judges the worker's evidence,
        /// read through `reader` (the converter is a `ReplayConverter`).
        case judge(EvidenceReader)
    }

    /// The converter under check.
    public let converter: any FrameConverter
    /// The oracle (libyuv); nil in a worker, which judges nothing.
    let oracle: (any FrameConverter)?
    /// Where the check runs.
    let role: Role
    /// Coverage and strictness.
    public let options: CheckOptions
    /// Called with a short description (`17x3 rotate90 bt601`) before each
    /// case, so that a process watching the check can name the case that
    /// crashed or hung.
    public let beginCase: (String) -> Void
    /// Called with the guarded source frame and destination bytes of an
    /// over-read case before it is converted, and with nil, nil after.
    public let guarding: (GuardedSource?, GuardedBytes?) -> Void

    /// A context for `converter` against `oracle` (default libyuv), judged
    /// in this process.
    public init(
        converter: any FrameConverter, oracle: any FrameConverter = LibYUVConverter(), options: CheckOptions,
        beginCase: @escaping (String) -> Void = { _ in },
        guarding: @escaping (GuardedSource?, GuardedBytes?) -> Void = { _, _ in }
    ) {
        (self.converter, self.oracle, self.role, self.options, self.beginCase, self.guarding) =
            (converter, oracle, .inProcess, options, beginCase, guarding)
    }

    /// A worker's context: `recorder` converts, `subject` is what it wraps.
    init(
        gathering recorder: EvidenceRecorder, subject: any FrameConverter, options: CheckOptions,
        beginCase: @escaping (String) -> Void, guarding: @escaping (GuardedSource?, GuardedBytes?) -> Void
    ) {
        (self.converter, self.oracle, self.role, self.options, self.beginCase, self.guarding) =
            (recorder, nil, .gatherer(subject: subject), options, beginCase, guarding)
    }

    /// A parent's context: `replay` stands for the worker's converter.
    init(judging replay: ReplayConverter, options: CheckOptions, beginCase: @escaping (String) -> Void) {
        (self.converter, self.oracle, self.role, self.options, self.beginCase, self.guarding) =
            (replay, LibYUVConverter(), .judge(replay.reader), options, beginCase, { _, _ in })
    }

    /// Whether this process judges (holds the oracle).
    var judges: Bool { oracle != nil }
}
