/// The `poll` timeout, in milliseconds, that wakes by `deadline`: the time
/// left rounded up, at most a second so that a deadline is checked again
/// at least that often; -1 (wait without end) for no deadline; nil once
/// `deadline` has passed.
func pollTimeout(until deadline: ContinuousClock.Instant?) -> Int32? {
    guard let deadline else { return -1 }
    let left = deadline - .now
    guard left > .zero else { return nil }
    let (seconds, attoseconds) = left.components
    return Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 1000))
}
