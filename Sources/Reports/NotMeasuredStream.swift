/// An end-to-end run of a stream file that timed nothing (it failed, or
/// held no frame, before its first frame was converted), so it has no
/// entries: which run it was and why.
public struct NotMeasuredStream: Codable, Sendable, Equatable {
    /// The file's path.
    public var file: String
    /// `serial` or `pipelined`.
    public var mode: String
    /// Its place among the end-to-end runs of its mode, 0-based, counting
    /// those with entries (which come in `benchmarks` in that order).
    public var position: Int
    /// The codec its header names; nil when it could not be read.
    public var codec: String?
    /// The track read (1-based); nil when it could not be read.
    public var track: Int?
    /// The converter the run used.
    public var converter: String
    /// Passes over the file.
    public var passes: Int
    /// What stopped it; nil for a file that held no frame.
    public var error: String?
    /// Whether the file is broken on purpose (`bad-ts-*`).
    public var expectedFailure: Bool

    private enum CodingKeys: String, CodingKey {
        case file, mode, position, codec, track, converter, passes, error
        case expectedFailure = "expected_failure"
    }

    /// A run of these fields.
    public init(
        file: String, mode: String, position: Int, codec: String?, track: Int?, converter: String, passes: Int,
        error: String?, expectedFailure: Bool
    ) {
        self.file = file
        self.mode = mode
        self.position = position
        self.codec = codec
        self.track = track
        self.converter = converter
        self.passes = passes
        self.error = error
        self.expectedFailure = expectedFailure
    }
}
