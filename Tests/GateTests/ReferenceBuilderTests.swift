import Foundation
import Gate
import Testing

/// Builds of revisions of a scratch repository (no timing).
@Suite struct ReferenceBuilderTests {
    /// A scratch repository with one commit whose Package.swift does not
    /// compile, and a cache beside it.
    static func repository() throws -> (repository: String, cache: String, commit: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)").path
        let repository = root + "/repo"
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\nlet package = Package(name: 1)\n".write(
            toFile: repository + "/Package.swift", atomically: true, encoding: .utf8)
        let git = try #require(CommandRunner.find("git"))
        for arguments in [
            ["init", "-q"], ["add", "Package.swift"],
            ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "broken"],
        ] {
            #expect(try CommandRunner.run(git, ["-C", repository] + arguments).status == 0)
        }
        let head = try CommandRunner.run(git, ["-C", repository, "rev-parse", "HEAD"])
        return (repository, root + "/cache", head.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func anUnknownRevisionIsNamed() throws {
        let scratch = try Self.repository()
        let builder = ReferenceBuilder(repository: scratch.repository, cache: scratch.cache)
        #expect(try builder.commit(of: "HEAD") == scratch.commit)
        #expect {
            try builder.commit(of: "no-such-branch")
        } throws: { error in
            guard case .unknownRevision("no-such-branch", _) = error as? ReferenceBuildError else { return false }
            return "\(error)".hasPrefix("no-such-branch: not a commit here")
        }
    }

    @Test func aBuildThatFailsNamesTheCommitAndTheLastErrorLine() throws {
        let scratch = try Self.repository()
        let builder = ReferenceBuilder(repository: scratch.repository, cache: scratch.cache)
        #expect {
            try builder.build(scratch.commit)
        } throws: { error in
            guard case .build(let commit, let line) = error as? ReferenceBuildError else { return false }
            return commit == scratch.commit && line.contains("error:")
                && !"\(error)".contains("\n") && "\(error)".contains(scratch.commit)
        }
        #expect(!builder.isBuilt(scratch.commit))
        // The commit was checked out into the cache's working tree.
        #expect(FileManager.default.fileExists(atPath: scratch.cache + "/source/Package.swift"))
    }
}
