/// A stream file named on the command line, with the video track to read
/// from it.
public struct StreamFile: Hashable, Codable, Sendable {
    /// The file's (or, before expansion, a directory's) path as given.
    public let path: String
    /// The video track to read, 1-based; nil: the first.
    public let track: Int?

    /// `path`, read at video track `track` (nil: the first).
    public init(path: String, track: Int? = nil) {
        self.path = path
        self.track = track
    }
}
