/// What one check concluded, before it is attributed to a converter.
struct CheckFinding {
    let status: CheckOutcome.Status
    let detail: String

    static func pass(_ notes: String...) -> CheckFinding {
        CheckFinding(status: .pass, detail: notes.filter { !$0.isEmpty }.joined(separator: "; "))
    }
    static func fail(_ detail: String) -> CheckFinding { CheckFinding(status: .fail, detail: detail) }
    static func skipped(_ detail: String) -> CheckFinding { CheckFinding(status: .skipped, detail: detail) }

    /// Pass (noting `unsupported` and `comparison`), or skipped when every
    /// attempted combination was unsupported.
    static func finished(_ unsupported: UnsupportedCases, _ comparison: OutputComparison, _ options: CheckOptions)
        -> CheckFinding
    {
        if unsupported.allRefused { return .skipped(unsupported.note(of: options.matrices)) }
        return .pass(comparison.passNote, unsupported.note(of: options.matrices))
    }
}
