/// Where in its vector's loop each participant of a call starts.
///
/// Each participant loops a short vector, and every pass opens with a
/// keyframe and a fresh decoder: at 320x180 about 1.6 ms of CPU where a
/// delta frame takes 0.15–0.4 ms. Started at the same frame, all of a
/// call's participants would decode their keyframes within the same few
/// milliseconds once a pass (24 tiles: 40 ms of work arriving at once on
/// two cores), and frames would wait behind each other's keyframes while
/// the process idles the rest of the second. In a real call the senders'
/// keyframes come at unrelated times, so participant `index` of `count`
/// skips `index × shown ÷ count` shown frames of its vector before the call
/// starts: the keyframes spread evenly over a pass, and the mean cost of a
/// frame stays what it is.
public enum CallStagger {
    /// How many frames one pass of `stream` shows: it is decoded (not
    /// converted) until its second pass begins. Nil when that throws (the
    /// participants then start at the top and fail during the call as they
    /// would have). Use a stream of its own: this one is left one frame into
    /// its second pass.
    public static func shownFramesPerPass(of stream: LoopingVectorStream) -> Int? {
        var calls = 0
        while stream.loops == 0 {
            guard (try? stream.nextFrame(convert: false)) != nil else { return nil }
            calls += 1
        }
        // The last call returned the second pass's first frame.
        return calls - 1
    }

    /// Readies `source` for participant `index` (0-based across the call) of
    /// `count`: decodes the frames it skips (`skipped`), then decodes and
    /// converts one more, so that its first conversion (the BGRA buffer's
    /// allocation and first-touch page faults, with the decoder's, 1–5 ms
    /// where a steady frame takes 0.2–0.3 ms) comes before the call, not at
    /// its start together with every other participant's. Nothing when
    /// `shown` is nil: a stream that failed its count fails in the call.
    /// - Throws: the stream's error.
    public static func ready(
        _ source: LoopingVectorStream, participant index: Int, of count: Int, shownFramesPerPass shown: Int?
    ) throws {
        guard shown != nil else { return }
        for _ in 0..<skipped(participant: index, of: count, shownFramesPerPass: shown) {
            _ = try source.nextFrame(convert: false)
        }
        _ = try source.nextFrame(convert: true)
    }

    /// The shown frames participant `index` (0-based across the call) of
    /// `count` skips before the call starts: `index × shown ÷ count`
    /// (rounded down; 0 when `shown` is unknown), less than `shown`.
    public static func skipped(participant index: Int, of count: Int, shownFramesPerPass shown: Int?) -> Int {
        guard let shown, count > 0 else { return 0 }
        return index * shown / count
    }
}
