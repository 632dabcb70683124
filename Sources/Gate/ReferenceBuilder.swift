import Converters
import Foundation
import Peers

#if canImport(Glibc)
import Glibc
#endif

/// Builds commits of the repository the way the gate compares them: a
/// release build of `bench` with the same toolchain, in a working tree of
/// its own in the user's cache, kept by commit id so a commit is built once.
///
/// The cache (`defaultCache`) holds one working tree (`source`, with its own
/// git index) and its build directory (`scratch`); a new commit is checked
/// out over the previous one, so only the files that differ change and the
/// build is incremental. Each built `bench` is kept as `builds/<commit>/bench`.
/// A lock file serialises gates that build at the same time.
public struct ReferenceBuilder: Sendable {
    /// The repository's working tree (where `Package.swift` and `.git` are).
    public let repository: String
    /// The cache directory.
    public let cache: String

    /// A builder for the repository at `repository`, caching in `cache`.
    public init(repository: String, cache: String = ReferenceBuilder.defaultCache) {
        self.repository = repository
        self.cache = cache
    }

    /// `$XDG_CACHE_HOME/framebench/gate`, or `~/.cache/framebench/gate`.
    public static var defaultCache: String { FrameBenchCache.directory + "/gate" }

    /// Where the `bench` built from `commit` is kept.
    public func executable(for commit: String) -> String { "\(cache)/builds/\(commit)/bench" }

    /// Whether `commit` is built already.
    public func isBuilt(_ commit: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: executable(for: commit))
    }

    /// The full id of the commit `revision` names (an id, a branch, `HEAD`, ...).
    public func commit(of revision: String) throws(ReferenceBuildError) -> String {
        let git = try Self.program("git")
        let result: CommandRunner.Result
        do {
            result = try CommandRunner.run(
                git, ["-C", repository, "rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"])
        } catch {
            throw .environment("git does not start: \(error)")
        }
        let id = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0, GateReference.isCommitID(id) else {
            throw .unknownRevision(
                revision, reason: result.lastErrorLine.isEmpty ? "unknown revision" : result.lastErrorLine)
        }
        return id
    }

    /// The `bench` of `commit`, built now unless it is in the cache;
    /// `progress` hears each step. Returns the executable's path.
    public func build(_ commit: String, progress: (String) -> Void = { _ in }) throws(ReferenceBuildError) -> String {
        if isBuilt(commit) { return executable(for: commit) }
        let git = try Self.program("git")
        let swift = try Self.program("swift")
        let files = FileManager.default
        do { try files.createDirectory(atPath: cache, withIntermediateDirectories: true) } catch {
            throw .environment("cannot create \(cache): \(error.localizedDescription)")
        }
        let lock = open(cache + "/lock", O_CREAT | O_RDWR, 0o644)
        guard lock >= 0 else { throw .environment("cannot open \(cache)/lock") }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        if isBuilt(commit) { return executable(for: commit) }

        let source = cache + "/source"
        let gitDirectory = try run(git, ["-C", repository, "rev-parse", "--absolute-git-dir"]) { _, line in
            ReferenceBuildError.checkout(commit: commit, reason: line)
        }.output.trimmingCharacters(in: .whitespacesAndNewlines)
        if !files.fileExists(atPath: source) {
            try? files.removeItem(atPath: source + ".index")
            do { try files.createDirectory(atPath: source, withIntermediateDirectories: true) } catch {
                throw .environment("cannot create \(source): \(error.localizedDescription)")
            }
        }
        progress("checking out \(commit.prefix(12)) in \(source)")
        // A two-way merge from the tree checked out before: only the files
        // that differ are written, so the build after it is incremental.
        _ = try run(
            git, ["--git-dir=" + gitDirectory, "--work-tree=" + source, "read-tree", "--reset", "-u", commit],
            environment: ["GIT_INDEX_FILE": source + ".index"]
        ) { _, line in ReferenceBuildError.checkout(commit: commit, reason: line) }

        let mirrors = repository + "/scripts/swiftpm-mirrors"
        if files.isExecutableFile(atPath: mirrors) {
            _ = try run(mirrors, [source], in: repository) { _, line in
                ReferenceBuildError.build(commit: commit, lastErrorLine: "scripts/swiftpm-mirrors: " + line)
            }
        }
        progress("building \(commit.prefix(12)) (release; incremental over the last commit built here)")
        let scratch = cache + "/scratch"
        _ = try run(
            swift,
            ["build", "-c", "release", "--product", "bench", "--package-path", source, "--scratch-path", scratch]
        ) { _, line in ReferenceBuildError.build(commit: commit, lastErrorLine: line) }

        let built = scratch + "/release/bench"
        let target = executable(for: commit)
        let directory = (target as NSString).deletingLastPathComponent
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try? files.removeItem(atPath: target + ".partial")
            try files.copyItem(atPath: built, toPath: target + ".partial")
            guard rename(target + ".partial", target) == 0 else {
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            throw .environment("cannot keep the build of \(commit) in \(directory): \(error.localizedDescription)")
        }
        return target
    }

    /// Runs a step; a non-zero exit becomes `failure(status, last error line)`.
    private func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil,
        environment: [String: String] = [:],
        failure: (Int32, String) -> ReferenceBuildError
    ) throws(ReferenceBuildError) -> CommandRunner.Result {
        let result: CommandRunner.Result
        do {
            result = try CommandRunner.run(executable, arguments, in: directory, environment: environment)
        } catch {
            throw .environment("\(executable) does not start: \(error)")
        }
        guard result.status == 0 else { throw failure(result.status, result.lastErrorLine) }
        return result
    }

    /// The path of `name` on `PATH`.
    private static func program(_ name: String) throws(ReferenceBuildError) -> String {
        guard let path = CommandRunner.find(name) else { throw .environment("\(name) is not on PATH") }
        return path
    }
}
