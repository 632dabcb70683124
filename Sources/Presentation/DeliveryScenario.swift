/// How frames reach the app and when it may present them.
public enum DeliveryScenario: Sendable, Equatable, CustomStringConvertible {
    /// Every packet is decoded, converted and presented as fast as the
    /// machine goes; a frame "arrives" when its packet's decode starts.
    case flatOut
    /// Each packet arrives at its media time after the start (as from a
    /// network at the stream's rate) and its frame is presented when converted.
    case realtime
    /// Real-time arrivals; presentation stops for `seconds` (the app in the
    /// background: decoding goes on) from the end of the stream's first
    /// third, then the whole backlog is presented as fast as possible.
    case pause(seconds: Double)
    /// As `pause`, but on resume only the newest frame of the backlog is
    /// presented; the others are dropped by design.
    case pauseDrop(seconds: Double)
    /// Real-time arrivals each delayed by a random 0 ... `milliseconds` ms
    /// (uniform, from `SplitMix64(seed:)`), in packet order.
    case jitter(milliseconds: Double, seed: UInt64)

    /// The command-line spellings, for help texts.
    public static let format = "flat-out|realtime|pause=S|pause-drop=S|jitter=MS"

    /// Parses `flat-out`, `realtime`, `pause=S`, `pause-drop=S` or
    /// `jitter=MS` (S seconds in 0 ... 3600, MS milliseconds in 0 ... 10000);
    /// `seed` goes to `jitter`. Nil for anything else.
    public init?(parsing text: String, seed: UInt64 = 1) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let number = parts.count == 2 ? Double(parts[1]) : nil
        switch (parts[0], parts.count) {
        case ("flat-out", 1): self = .flatOut
        case ("realtime", 1): self = .realtime
        case ("pause", 2):
            guard let number, (0...3600).contains(number) else { return nil }
            self = .pause(seconds: number)
        case ("pause-drop", 2):
            guard let number, (0...3600).contains(number) else { return nil }
            self = .pauseDrop(seconds: number)
        case ("jitter", 2):
            guard let number, (0...10_000).contains(number) else { return nil }
            self = .jitter(milliseconds: number, seed: seed)
        default: return nil
        }
    }

    /// The command-line spelling, e.g. `pause=1` (jitter without its seed).
    public var description: String {
        switch self {
        case .flatOut: "flat-out"
        case .realtime: "realtime"
        case .pause(let seconds): "pause=\(Self.number(seconds))"
        case .pauseDrop(let seconds): "pause-drop=\(Self.number(seconds))"
        case .jitter(let milliseconds, _): "jitter=\(Self.number(milliseconds))"
        }
    }

    /// Whether the scenario leaves shown frames unpresented on purpose
    /// (`pause-drop`); in any other, a lost frame is a failure.
    public var dropsFramesByDesign: Bool {
        if case .pauseDrop = self { return true }
        return false
    }

    /// Whether packets arrive at their media times (every scenario but `flat-out`).
    public var isPaced: Bool { self != .flatOut }

    /// The pause's length in seconds (nil when the scenario has no pause).
    public var pauseSeconds: Double? {
        switch self {
        case .pause(let seconds), .pauseDrop(let seconds): seconds
        default: nil
        }
    }

    /// `value` without a trailing `.0`.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
