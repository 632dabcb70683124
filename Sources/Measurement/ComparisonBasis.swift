/// Which samples a comparison of two entries rests on (raw values `time`
/// and `ratio_to_libyuv` name it in JSON).
public enum ComparisonBasis: String, Sendable, Equatable, CaseIterable {
    /// The entries' per-frame wall times (`samples_us`): the ratio includes
    /// any difference between the machines or their load during the runs.
    case time
    /// The entries' per-round ratios to libyuv measured side by side in
    /// their own run (`ratio_samples_to_libyuv`): a machine that was faster
    /// or slower for the whole run moves both sides of each ratio, so it
    /// cancels.
    case ratioToLibyuv = "ratio_to_libyuv"

    /// The short label tables show: `time` or `×libyuv`.
    public var label: String {
        switch self {
        case .time: "time"
        case .ratioToLibyuv: "×libyuv"
        }
    }
}
