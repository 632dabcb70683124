/// How long and how hard one interleaved measurement runs.
public struct RunBudget: Sendable {
    /// Untimed rounds before measuring (caches, page faults, lazy tables).
    public var warmupRounds = 3
    /// Every contender is measured on at least this many frames.
    public var minFrames = 30
    /// No contender is measured on more than this many frames.
    public var maxFrames = 3000
    /// Once `minFrames` are done, rounds continue until this many seconds
    /// have passed, idle gaps included (or `maxFrames` is reached).
    public var seconds = 8.0
    /// Idle time before each timed conversion of the synthetic and scaling
    /// sections, in seconds (0: back to back). `--pace FPS` sets it to one
    /// frame interval, so every conversion starts on an idle machine, as it
    /// does in a call where frames arrive at that rate.
    public var idleGap = 0.0

    /// The default budget: 3 warm-up rounds, 30 ... 3000 frames, 8 s a size, no idling.
    public init() {}
}
