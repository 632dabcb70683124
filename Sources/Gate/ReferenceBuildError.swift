/// Why a revision could not be built for the gate; each names the revision
/// and, for a build, its last error line (the caller says whose revision:
/// the reference's or the head's).
public enum ReferenceBuildError: Error, Equatable, CustomStringConvertible {
    /// The revision does not name a commit of the repository.
    case unknownRevision(String, reason: String)
    /// The commit could not be checked out into the build's working tree.
    case checkout(commit: String, reason: String)
    /// The release build failed.
    case build(commit: String, lastErrorLine: String)
    /// A program the build needs (git, swift) is missing, or the cache is unusable.
    case environment(String)

    /// One line naming the revision and what went wrong.
    public var description: String {
        switch self {
        case .unknownRevision(let revision, let reason): "\(revision): not a commit here: \(reason)"
        case .checkout(let commit, let reason): "\(commit): cannot be checked out: \(reason)"
        case .build(let commit, let line): "\(commit): the build failed: \(line)"
        case .environment(let reason): "cannot build a revision: \(reason)"
        }
    }
}
