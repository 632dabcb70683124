/// Which samples a comparison of two entries rests on (raw values `time`,
/// `ratio_to_libyuv`, `ratio_to_decode` and `median` name it in JSON).
public enum ComparisonBasis: String, Sendable, Equatable, CaseIterable {
    /// The entries' per-frame wall times (`samples_us`): the ratio includes
    /// any difference between the machines or their load during the runs.
    case time
    /// The entries' per-round ratios to libyuv measured side by side in
    /// their own run (`ratio_samples_to_libyuv`): a machine that was faster
    /// or slower for the whole run moves both sides of each ratio, so it
    /// cancels.
    case ratioToLibyuv = "ratio_to_libyuv"
    /// A stream entry's per-frame (or per-pass) ratios to libvpx's decode
    /// of the same frame (or pass) in its own run
    /// (`ratio_samples_to_decode`): the machine cancels as it does for
    /// `ratioToLibyuv`.
    case ratioToDecode = "ratio_to_decode"
    /// No samples: one entry or both come from a schema-1 report, which
    /// gives a median per entry (`real_time`) and nothing else. The medians'
    /// ratio is shown, with no interval and no verdict: a median alone
    /// cannot say whether a change is more than the runs' noise.
    case median

    /// The short label tables show: `time`, `×libyuv`, `×decode` or `median`.
    public var label: String {
        switch self {
        case .time: "time"
        case .ratioToLibyuv: "×libyuv"
        case .ratioToDecode: "×decode"
        case .median: "median"
        }
    }
}
