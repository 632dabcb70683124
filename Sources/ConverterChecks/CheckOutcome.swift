import Frames

/// The result of one check of one converter in one source layout.
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
    /// The layout of the source frames it ran on.
    public var layout = ChromaLayout.i420

    /// An outcome with these fields.
    public init(converter: String, check: CheckKind, status: Status, detail: String) {
        (self.converter, self.check, self.status, self.detail) = (converter, check, status, detail)
    }

    /// The check's name, followed by the layout when it is not I420
    /// (`sizes`, `sizes nv12`).
    public var checkLabel: String { Self.label(check, layout) }

    /// `check`'s name, followed by `layout` when it is not I420.
    public static func label(_ check: CheckKind, _ layout: ChromaLayout) -> String {
        layout == .i420 ? check.rawValue : "\(check.rawValue) \(layout)"
    }

    enum CodingKeys: String, CodingKey {
        case converter, check, status, detail, layout
    }

    /// Decodes what `encode(to:)` wrote; an outcome without a layout is I420's.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        converter = try c.decode(String.self, forKey: .converter)
        check = try c.decode(CheckKind.self, forKey: .check)
        status = try c.decode(Status.self, forKey: .status)
        detail = try c.decode(String.self, forKey: .detail)
        layout = try c.decodeIfPresent(ChromaLayout.self, forKey: .layout) ?? .i420
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
