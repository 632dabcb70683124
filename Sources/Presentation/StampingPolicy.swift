import Frames

/// How the app stamps each converted frame for display, as the sample
/// buffer it enqueues.
public enum StampingPolicy: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The host monotonic clock at hand-off in seconds, rounded to
    /// timescale 1000, with a duration of 1 s: Vonage's iOS
    /// Picture-in-Picture sample
    /// (`CMTimeMakeWithSeconds(CACurrentMediaTime(), preferredTimescale: 1000)`).
    case hostMilliseconds = "host-ms"
    /// The host monotonic clock at hand-off in nanoseconds; duration to the
    /// next presentation.
    case host
    /// The frame's media time, anchored at the host time of the first
    /// presented frame; duration to the next shown frame (presented or not,
    /// across a resolution change too).
    case stream

    /// Nanoseconds per second, the timescale of host clock stamps.
    public static let nanosecondTimescale: Int32 = 1_000_000_000

    /// The command-line name (`host-ms`, `host`, `stream`).
    public var description: String { rawValue }

    /// Stamps the presented frames among `deliveries` (every shown frame
    /// in stream order; those with no hand-off were never presented).
    /// `frameInterval` (seconds) is the last frame's duration under `host`
    /// and `stream`, which have no next frame to measure to.
    public func stamp(_ deliveries: [Delivery], frameInterval: Double) -> [PresentedFrame] {
        let presented = deliveries.indices.filter { deliveries[$0].handOff != nil }
        let ns = Self.nanosecondTimescale
        let lastDuration = PresentationTime(seconds: frameInterval, preferredTimescale: ns)
        guard let firstIndex = presented.first else { return [] }
        let anchor = PresentationTime(value: Int64(deliveries[firstIndex].handOff!), timescale: ns)
        let origin = deliveries[firstIndex].mediaTime
        /// Under `stream`: the anchored media time of delivery `i`.
        func streamTime(_ i: Int) -> PresentationTime {
            anchor + Self.offset(of: deliveries[i].mediaTime, from: origin)
        }
        return presented.enumerated().map { position, i in
            let delivery = deliveries[i]
            let handOff = delivery.handOff!
            let time: PresentationTime
            let duration: PresentationTime
            switch self {
            case .hostMilliseconds:
                time = PresentationTime(seconds: Double(handOff) / 1e9, preferredTimescale: 1000)
                duration = PresentationTime(value: 1000, timescale: 1000)
            case .host:
                time = PresentationTime(value: Int64(handOff), timescale: ns)
                if position + 1 < presented.count {
                    duration =
                        PresentationTime(value: Int64(deliveries[presented[position + 1]].handOff!), timescale: ns)
                        - time
                } else {
                    duration = lastDuration
                }
            case .stream:
                time = streamTime(i)
                duration = i + 1 < deliveries.count ? streamTime(i + 1) - time : lastDuration
            }
            return PresentedFrame(
                frame: delivery.frame, packet: delivery.packet, mediaTime: delivery.mediaTime,
                arrival: delivery.arrival, handOff: handOff, time: time, duration: duration)
        }
    }

    /// `time − origin` exactly as a rational number of seconds (ticks ×
    /// numerator at timescale denominator) when they share a timebase that
    /// fits, else rounded to nanoseconds.
    static func offset(of time: MediaTime, from origin: MediaTime) -> PresentationTime {
        let base = time.timebase
        if base == origin.timebase, base.denominator <= UInt32(Int32.max) {
            let (ticks, overflow) = (time.value &- origin.value).multipliedReportingOverflow(by: Int64(base.numerator))
            if !overflow { return PresentationTime(value: ticks, timescale: Int32(base.denominator)) }
        }
        return PresentationTime(seconds: time.seconds - origin.seconds, preferredTimescale: nanosecondTimescale)
    }
}
