import Converters
import Frames

/// What a check runs on and whom it tells about its progress.
public struct CheckContext {
    /// The converter under check.
    public let converter: any FrameConverter
    /// The oracle (libyuv).
    public let oracle: any FrameConverter
    /// Coverage and strictness.
    public let options: CheckOptions
    /// Called with a short description (`17x3 rotate90 bt601`) before each
    /// case, so that a process watching the check can name the case that
    /// crashed or hung.
    public let beginCase: (String) -> Void
    /// Called with the guarded source frame and destination bytes of an
    /// over-read case before it is converted, and with nil, nil after.
    public let guarding: (GuardedSource?, GuardedBytes?) -> Void

    /// A context for `converter` against `oracle` (default libyuv).
    public init(
        converter: any FrameConverter, oracle: any FrameConverter = LibYUVConverter(), options: CheckOptions,
        beginCase: @escaping (String) -> Void = { _ in },
        guarding: @escaping (GuardedSource?, GuardedBytes?) -> Void = { _, _ in }
    ) {
        (self.converter, self.oracle, self.options, self.beginCase, self.guarding) =
            (converter, oracle, options, beginCase, guarding)
    }
}
