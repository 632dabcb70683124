/// Why two runs cannot be compared.
public enum ComparisonError: Error, Equatable, CustomStringConvertible {
    /// No entry name is in both runs.
    case noEntriesInCommon

    /// A plain phrase: `no benchmark names in common`.
    public var description: String {
        switch self {
        case .noEntriesInCommon: "no benchmark names in common"
        }
    }
}
