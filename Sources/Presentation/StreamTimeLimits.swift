/// How far a stream's packet times may reach before presenting it, or
/// playing it in a call, stops at the packet that goes beyond.
///
/// Times are seconds from the stream's first packet; a file's timestamps
/// are untrusted bytes, so every time a presentation or a call computes
/// from them (nanosecond stamps, waits, a looping vector's shifted times)
/// stays far inside 64 bits once these hold.
public enum StreamTimeLimits {
    /// The farthest a packet's time may lie from the first packet's, either
    /// way: 24 hours, longer than any call and about a hundred-thousandth of
    /// what nanosecond stamps in 64 bits hold.
    public static let span = 86_400.0

    /// The longest a paced delivery (`realtime`, `pause`, `jitter`) waits
    /// for a packet after the latest one before it: 60 s. A file whose next
    /// packet comes later would make a run wait that long in real time.
    public static let pacedWait = 60.0

    /// Why a packet at `seconds` cannot be presented in a stream whose first
    /// packet is at `first` and whose latest packet before it is at
    /// `latest` (nil for the first packet; all in seconds; delivered at the
    /// stream's pace when `paced`); nil when it can.
    public static func violation(seconds: Double, first: Double, latest: Double?, paced: Bool) -> String? {
        let fromFirst = seconds - first
        if !(abs(fromFirst) <= span) {
            return
                "its time is \(whole(fromFirst)) s from the first packet's, beyond the \(Int(span)) s a stream may span"
        }
        if paced, let latest, seconds - latest > pacedWait {
            return "its time is \(whole(seconds - latest)) s after the latest packet's before it, "
                + "beyond the \(Int(pacedWait)) s a paced delivery waits"
        }
        return nil
    }

    /// `seconds` rounded to whole seconds where that fits 64 bits, for messages.
    private static func whole(_ seconds: Double) -> String {
        abs(seconds) < 1e18 ? "\(Int64(seconds.rounded()))" : "\(seconds)"
    }
}
