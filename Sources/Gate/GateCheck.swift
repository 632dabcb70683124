/// One line of the gate's verdict: what was checked, whether it passed,
/// and its figures or what failed.
public struct GateCheck: Sendable, Equatable {
    /// What was checked (names the file, or the converter and cell).
    public let name: String
    /// Whether it passed.
    public let passed: Bool
    /// Figures, or the failure's description.
    public let detail: String

    /// `pass  NAME: DETAIL` or `FAIL  NAME: DETAIL` (no colon without a detail).
    public var line: String { "\(passed ? "pass" : "FAIL")  \(name)\(detail.isEmpty ? "" : ": " + detail)" }
}
