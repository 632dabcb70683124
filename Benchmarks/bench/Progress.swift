import Measurement
import Statistics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress indicator on standard error, shown only when
/// standard error is a terminal (never in logs or pipes). Each update
/// rewrites the line; `clear()` erases it before results are printed.
final class Progress {
    /// Whether anything is drawn.
    let enabled: Bool
    private var lastDraw: UInt64 = 0
    private var drawn = false
    private let start = Clock.monotonic()

    /// A progress line, drawn when standard error is a terminal and `quiet` is false.
    init(quiet: Bool = false) {
        enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    /// Shows `text` with the elapsed time, at most ten times a second.
    func update(_ text: String) {
        guard enabled else { return }
        let now = Clock.monotonic()
        guard now &- lastDraw > 100_000_000 else { return }
        lastDraw = now
        let line = "[\(Int(Clock.seconds(since: start)))s] " + text
        Output.raw("\r\u{1B}[K" + String(line.prefix(Self.columns() - 1)))
        drawn = true
    }

    /// Erases the line (if drawn).
    func clear() {
        guard enabled, drawn else { return }
        Output.raw("\r\u{1B}[K")
        drawn = false
        lastDraw = 0
    }

    /// The terminal's width (80 when unknown).
    private static func columns() -> Int {
        var size = winsize()
        return ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 10 ? Int(size.ws_col) : 80
    }
}
