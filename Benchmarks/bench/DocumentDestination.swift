import ArgumentParser
import Conformance
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Where a command writes its JSON document: a file, or standard output
/// (`--json` with no file, or `--json -`), so that `bench --json > r.json`
/// and `bench --json | jq` work. A document on standard output keeps it to
/// itself: the process's text lines go to standard error instead.
enum DocumentDestination: ExpressibleByArgument, Equatable, CustomStringConvertible {
    /// Standard output, as the process started with it.
    case standardOutput
    /// The file at this path, replaced atomically.
    case file(String)

    /// The sentence option help adds about standard output.
    static let help = " Without FILE (or with -), to standard output, and the text to standard error."

    /// What the command line writes for standard output.
    static let standardOutputArgument = "-"

    /// Standard output for `-`, else the file `argument` names.
    init?(argument: String) {
        self = argument == Self.standardOutputArgument ? .standardOutput : .file(argument)
    }

    /// The destination as the command line writes it (`-` or the path).
    var description: String {
        switch self {
        case .standardOutput: Self.standardOutputArgument
        case .file(let path): path
        }
    }

    /// How messages name the destination.
    var name: String { self == .standardOutput ? "standard output" : description }

    /// Writes the document `data` encodes here, ending in a newline.
    /// - Throws: `ExitCode(1)` after one line naming the destination when
    ///   the document cannot be encoded or written.
    func write(_ data: @autoclosure () throws -> Data) throws {
        do {
            var document = try data()
            if document.last != UInt8(ascii: "\n") { document.append(UInt8(ascii: "\n")) }
            switch self {
            case .standardOutput:
                try FileHandle(fileDescriptor: Self.reserveStandardOutput(), closeOnDealloc: false).write(
                    contentsOf: document)
            case .file(let path): try document.write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        } catch {
            Output.error("\(name): cannot write: \(FileErrors.reason(error))")
            throw ExitCode(1)
        }
    }

    /// Throws a one-line validation error naming `option` when the
    /// destination is a file that cannot be written (`OutputPath.check`).
    func check(_ option: String) throws {
        if case .file(let path) = self { try OutputPath.check(path, option) }
    }

    /// Keeps standard output for the document: the descriptor the process
    /// started with is set aside (closed in programs it starts), and
    /// descriptor 1 (every `print`, and child processes) becomes standard
    /// error. Call before any output; later calls return the same
    /// descriptor (-1 when it could not be set aside).
    @discardableResult
    static func reserveStandardOutput() -> Int32 {
        kept.withLock { kept in
            if let kept { return kept }
            fflush(nil)
            let original = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
            dup2(STDERR_FILENO, STDOUT_FILENO)
            kept = original
            return original
        }
    }

    /// The descriptor of the process's original standard output once
    /// `reserveStandardOutput()` set it aside, else nil.
    static var reservedDescriptor: Int32? {
        kept.withLock { $0.flatMap { $0 >= 0 ? $0 : nil } }
    }

    /// What `reserveStandardOutput()` set aside, once it has run.
    private static let kept = Mutex<Int32?>(nil)
}

/// A command that can write a JSON document (`--json`).
protocol WritesDocument {
    /// Where the document goes; nil: nowhere.
    var json: DocumentDestination? { get }
}
