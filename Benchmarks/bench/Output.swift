import Foundation

/// Writes to standard output and standard error.
enum Output {
    /// Prints `text` and a newline on standard output.
    static func line(_ text: String) {
        print(text)
    }

    /// Prints `bench: ` + `text` as one line on standard error.
    static func error(_ text: String) {
        raw("bench: " + text.replacingOccurrences(of: "\n", with: " ") + "\n")
    }

    /// Writes `text` to standard error as it is.
    static func raw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
