/// The result of one check of one converter.
public struct CheckOutcome: Sendable, Codable, Equatable {
    /// Passed, failed, or not applicable.
    public enum Status: String, Sendable, Codable {
        /// Every case passed (some may have been skipped as unsupported).
        case pass
        /// A case failed; `detail` says which and how.
        case fail
        /// Nothing ran: every case was unsupported, or the check does not apply.
        case skipped
    }

    /// The converter's name.
    public let converter: String
    /// The check.
    public let check: CheckKind
    /// Its status.
    public let status: Status
    /// What happened, in one line (may be empty for a plain pass).
    public let detail: String

    /// An outcome with these fields.
    public init(converter: String, check: CheckKind, status: Status, detail: String) {
        (self.converter, self.check, self.status, self.detail) = (converter, check, status, detail)
    }

    /// `pass`, `pass: DETAIL`, `FAIL: DETAIL` or `skipped: DETAIL`.
    public var verdict: String {
        let word =
            switch status {
            case .pass: "pass"
            case .fail: "FAIL"
            case .skipped: "skipped"
            }
        return detail.isEmpty ? word : word + ": " + detail
    }
}
