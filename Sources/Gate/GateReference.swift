import Foundation

/// The revision the gate compares the head with, as `Benchmarks/gate-reference`
/// holds it: the commit's full id on the first line, then a line saying why
/// that commit was chosen.
public struct GateReference: Sendable, Equatable {
    /// The file's place in the repository.
    public static let path = "Benchmarks/gate-reference"

    /// The commit's full id (40 lower-case hexadecimal digits).
    public let commit: String
    /// Why this commit is the reference (one line).
    public let reason: String

    /// Why a reference file could not be read.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        /// The first line is not a full commit id.
        case notACommit(String)
        /// No line says why the commit was chosen.
        case noReason

        /// One line naming the fault.
        public var description: String {
            switch self {
            case .notACommit(let line): "the first line is not a full commit id: '\(line)'"
            case .noReason: "no line says why the commit was chosen"
            }
        }
    }

    /// The reference `commit`, chosen for `reason` (its line breaks become spaces).
    /// - Precondition: `commit` is a full commit id.
    public init(commit: String, reason: String) {
        precondition(Self.isCommitID(commit), "not a full commit id: \(commit)")
        self.commit = commit
        self.reason = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The reference a file's text describes.
    /// - Throws: `ParseError` naming what is wrong.
    public init(parsing text: String) throws(ParseError) {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard let first = lines.first, Self.isCommitID(first) else {
            throw .notACommit(lines.first ?? "")
        }
        guard lines.count > 1 else { throw .noReason }
        self.init(commit: first, reason: lines.dropFirst().joined(separator: " "))
    }

    /// The file's text: the commit id, then the reason, each on its own line.
    public var text: String { "\(commit)\n\(reason)\n" }

    /// Whether `text` is a full commit id (40 lower-case hexadecimal digits).
    public static func isCommitID(_ text: String) -> Bool {
        text.count == 40 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
