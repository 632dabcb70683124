import ArgumentParser
import Conformance
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where a command writes its JSON document: a file, or standard output
/// (`--json` with no file, or `--json -`), so that `bench --json > r.json`
/// and `bench --json | jq` work. A document on standard output keeps it to
/// itself: the command's text lines go to standard error instead.
enum DocumentDestination: ExpressibleByArgument, Equatable {
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

    /// How messages name the destination.
    var description: String {
        switch self {
        case .standardOutput: "standard output"
        case .file(let path): path
        }
    }

    /// Writes the document `data` encodes here.
    /// - Throws: `ExitCode(1)` after one line naming the destination when
    ///   the document cannot be encoded or written.
    func write(_ data: @autoclosure () throws -> Data) throws {
        do {
            let document = try data()
            switch self {
            case .standardOutput: try Self.documentOutput.write(contentsOf: document)
            case .file(let path): try document.write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        } catch {
            Output.error("\(description): cannot write: \(FileErrors.reason(error))")
            throw ExitCode(1)
        }
    }

    /// Throws a one-line validation error naming `option` when the
    /// destination is a file that cannot be written (`OutputPath.check`).
    func check(_ option: String) throws {
        if case .file(let path) = self { try OutputPath.check(path, option) }
    }

    /// `arguments` with a bare `--json` (last, or followed by another
    /// option) given the value `-`, which ArgumentParser cannot leave out.
    static func completing(_ arguments: [String]) -> [String] {
        var completed: [String] = []
        for (index, argument) in arguments.enumerated() {
            completed.append(argument)
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            if argument == "--json", next.map({ $0.hasPrefix("-") && $0 != standardOutputArgument }) ?? true {
                completed.append(standardOutputArgument)
            }
        }
        return completed
    }

    /// Whether `arguments` (completed) send a document to standard output.
    static func isRequested(in arguments: [String]) -> Bool {
        zip(arguments, arguments.dropFirst()).contains { $0 == "--json" && $1 == standardOutputArgument }
            || arguments.contains("--json=" + standardOutputArgument)
    }

    /// Keeps standard output for the document: the descriptor the process
    /// started with is kept aside, and descriptor 1 (every `print`, and
    /// child processes) becomes standard error. Call before any output.
    static func reserveStandardOutput() {
        _ = documentOutput
    }

    /// The process's original standard output, set aside on first use.
    private static let documentOutput: FileHandle = {
        fflush(nil)
        let original = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        return FileHandle(fileDescriptor: original, closeOnDealloc: true)
    }()
}
