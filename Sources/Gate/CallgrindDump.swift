/// One dump file of Callgrind (`callgrind.out.PID.N`), as far as the
/// counts need it: what triggered the dump and the total of its first
/// event (instructions, `Ir`, unless other events were asked for).
public struct CallgrindDump: Sendable, Equatable {
    /// The text after `desc: Trigger: Client Request: ` (the string given
    /// to `CALLGRIND_DUMP_STATS_AT`); nil for a dump no client request made
    /// (`Program termination`).
    public let request: String?
    /// The `totals:` line's first figure, else the `summary:` line's.
    public let instructions: UInt64

    /// The dump in `text`; nil when it has neither a `totals:` nor a
    /// `summary:` line with a number (not a Callgrind dump, or a cut one).
    public init?(parsing text: String) {
        var request: String?
        var totals: UInt64?
        var summary: UInt64?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(Self.requestPrefix) {
                request = String(line.dropFirst(Self.requestPrefix.count))
            } else if line.hasPrefix("totals:") {
                totals = Self.firstNumber(line.dropFirst("totals:".count))
            } else if line.hasPrefix("summary:") {
                summary = Self.firstNumber(line.dropFirst("summary:".count))
            }
        }
        guard let instructions = totals ?? summary else { return nil }
        self.request = request
        self.instructions = instructions
    }

    /// The trigger line of a dump made by `CALLGRIND_DUMP_STATS_AT`, up to its string.
    static let requestPrefix = "desc: Trigger: Client Request: "

    /// The first whitespace-separated word of `text` as a number.
    private static func firstNumber(_ text: Substring) -> UInt64? {
        text.split(separator: " ").first.flatMap { UInt64($0) }
    }
}
