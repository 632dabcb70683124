import Foundation

/// Writes to standard output and standard error.
enum Output {
    /// Prints `text` and a newline on standard output, flushed at once so
    /// that a log shows long commands' lines as they happen.
    static func line(_ text: String) {
        print(text)
        fflush(nil)
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
