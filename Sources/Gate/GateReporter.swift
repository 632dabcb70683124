/// Where a `GateRun` sends what it has to say: its result lines, its
/// one-line errors and a transient progress line. The gate formats every
/// text; the reporter only writes it (a command-line tool prints lines on
/// standard output, errors on standard error and progress on a terminal).
public struct GateReporter {
    /// Receives one finished line (or several joined by newlines) of the gate's output.
    public let line: (String) -> Void
    /// Receives one line saying why the gate cannot go on (`gate: ...`).
    public let error: (String) -> Void
    /// Receives what the gate is doing now; each call replaces the previous one.
    public let progress: (String) -> Void
    /// Removes the progress line before results are written; harmless when none is shown.
    public let clearProgress: () -> Void

    /// A reporter that hands the gate's lines, errors and progress to the given closures.
    public init(
        line: @escaping (String) -> Void, error: @escaping (String) -> Void,
        progress: @escaping (String) -> Void, clearProgress: @escaping () -> Void
    ) {
        self.line = line
        self.error = error
        self.progress = progress
        self.clearProgress = clearProgress
    }
}
