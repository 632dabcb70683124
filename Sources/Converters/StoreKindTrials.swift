import Dispatch
import Foundation
import SIMDRows
import Statistics

/// The store kind an automatic `SIMDConverter` uses for upright frames in
/// the range of sizes where the cache-size rule cannot tell
/// (`SIMDStorePolicy.uprightTrialRange`), found by trial on the frames it
/// converts: for each destination size in bytes (stride × height), after
/// `leadInBlocks` untimed blocks of `blockLength` conversions of the prior
/// kind (the first frames of a size meet cold caches and fresh pages,
/// whichever kind they take), conversions run in blocks of `blockLength`
/// of one kind in the order of `blockOrder` (ordinary, streaming,
/// streaming, ordinary, streaming, ordinary, ordinary, streaming: over
/// each cycle of eight blocks, which the default of sixteen timed
/// conversions a kind fills, a drift in the machine's speed that is linear
/// or quadratic in time favours neither), the first `untimedPerBlock`
/// conversions of each block untimed (a destination the other kind wrote
/// last takes a few frames to settle); once each kind has
/// `samplesPerKind` timed conversions, that size keeps the prior kind
/// (ordinary stores, for an automatic `SIMDConverter`) unless the other kind's median time (nearest rank,
/// `Percentile.median`) is below `1 − margin` of its own. Which kind wins
/// there depends on what else the core's caches hold between two frames
/// (docs/kernel.md, "Store policy"), so it is measured where the converter
/// runs, among the work it runs with. That changes as a run goes on (in
/// a cell's first rounds every contender can run up to 1.6 times slower),
/// so a decided size is checked again: after
/// `conversionsBetweenChecks(afterChecks:)` conversions of its kind (128,
/// then twice as many each time, up to 2048), another cycle of the same
/// blocks, with no lead-in, decides it afresh from that cycle's times
/// alone, the kind it had standing in for the prior one; a check that
/// would change the kind is confirmed first: another cycle runs at once,
/// and the kind changes only if that one would change it too (one slow
/// cycle, as a busy moment of the host makes, then changes nothing).
/// Blocks, not alternation: a
/// conversion right after one of the other kind into the same destination
/// finds it where that kind left it (streaming leaves it in memory, not
/// in cache), which alternation would charge to every conversion.
///
/// `@unchecked Sendable`: the trials are only touched under `lock`, a
/// pthread mutex (`NSLock`), which the thread sanitizer sees.
public final class StoreKindTrials: @unchecked Sendable {
    /// Timed conversions of each kind in a cycle, which then decides the size.
    public let samplesPerKind: Int
    /// Conversions in a block of one kind: `untimedPerBlock` untimed, then
    /// timed ones.
    public static let blockLength = 8
    /// The conversions at the start of each block that are not timed: with
    /// ordinary stores, a 640x480 destination that streaming stores wrote
    /// last took two to four conversions to come back to its steady time
    /// (docs/kernel.md, "Settling").
    public static let untimedPerBlock = 4
    /// Untimed blocks of the prior kind before the first timed block.
    public static let leadInBlocks = 2
    /// The kinds of the timed blocks in turn, repeated (true for
    /// streaming): the first half reads the same both ways and the second
    /// swaps its kinds, so over each cycle of eight each kind's blocks sit
    /// at the same mean time, and the same mean squared time, from the
    /// cycle's first block (four blocks of four timed conversions a kind:
    /// a `samplesPerKind` of 16 decides at the end of one cycle).
    public static let blockOrder = [false, true, true, false, true, false, false, true]
    /// How much faster the other kind must be to replace the kind a cycle
    /// keeps (the prior kind, then the decision being checked): its median
    /// below `1 − margin` of the kept kind's. Closer than that, either
    /// kind costs about the same, and keeping the kept one spares runs a
    /// decision that noise could turn either way.
    public static let margin = 0.05

    private let lock = NSLock()
    private var trials: [Int: Trial] = [:]

    /// The conversions of its kind a decided size makes before it is
    /// checked again, after `checks` cycles (at least 1) have decided it:
    /// 128, doubling with each check, up to 2048.
    public static func conversionsBetweenChecks(afterChecks checks: Int) -> Int {
        128 << min(max(checks, 1) - 1, 4)
    }

    /// One destination size's trial: the kind a cycle keeps unless the
    /// other is clearly faster (the prior kind, then the last decision),
    /// whether the running cycle confirms a check that would change it, the
    /// conversions since the last decision or of the running cycle (a
    /// check's counted from `leadInBlocks × blockLength`, as if after the
    /// lead-in), the running cycle's times, and the latest decision with
    /// how it came about.
    private struct Trial {
        var prior: Bool
        var checking = true
        var confirming = false
        var conversions = 0
        var cached: [UInt64] = []
        var streaming: [UInt64] = []
        var decided: Outcome?
    }

    /// A decided size: the kind it keeps, the medians of the latest cycle,
    /// which chose it, and how many cycles have decided it.
    public struct Outcome: Sendable, Equatable {
        /// The destination's bytes (stride × height).
        public var bytes: Int
        /// Whether it streams.
        public var streaming: Bool
        /// The kind it keeps as a store policy: `.streaming` or `.cached`.
        public var stores: SIMDStorePolicy { streaming ? .streaming : .cached }
        /// The median time of the latest cycle's timed conversions with
        /// ordinary stores, ns (nearest rank, `Percentile.median`).
        public var cachedMedian: UInt64
        /// The median time of the latest cycle's timed conversions with
        /// streaming stores, ns (nearest rank).
        public var streamingMedian: UInt64
        /// The cycles that have decided it: the first and each check since
        /// (a check that would change the kind, and the cycle that confirms
        /// it, count as two).
        public var checks: Int
        /// How many times the kind changed: each time, a check that would
        /// change it and the cycle run at once to confirm it agreed.
        public var changes: Int

        /// An outcome with these fields.
        public init(
            bytes: Int, streaming: Bool, cachedMedian: UInt64, streamingMedian: UInt64, checks: Int, changes: Int
        ) {
            (self.bytes, self.streaming) = (bytes, streaming)
            (self.cachedMedian, self.streamingMedian) = (cachedMedian, streamingMedian)
            (self.checks, self.changes) = (checks, changes)
        }
    }

    /// Trials that decide after `samplesPerKind` timed conversions of each
    /// kind (at least 1).
    public init(samplesPerKind: Int = 16) {
        self.samplesPerKind = max(1, samplesPerKind)
    }

    /// The kind of conversion `turn` (from 0) of a trial, where `prior` is
    /// the kind a first cycle keeps unless the other is clearly faster, and whether it is timed: the first `leadInBlocks`
    /// blocks of the prior kind, untimed; then blocks of `blockLength` of the
    /// kinds of `blockOrder`, repeated, each timed but for its first
    /// `untimedPerBlock` conversions.
    public static func kind(turn: Int, prior: Bool) -> (streaming: Bool, timed: Bool) {
        let trialTurn = turn - leadInBlocks * blockLength
        guard trialTurn >= 0 else { return (prior, false) }
        let block = trialTurn / blockLength % blockOrder.count
        return (blockOrder[block], trialTurn % blockLength >= untimedPerBlock)
    }

    /// Conversions of one size up to the one that first decides its kind:
    /// the first by which both kinds have `samplesPerKind` timed ones. A
    /// check's cycle, with no lead-in, takes `leadInBlocks × blockLength`
    /// fewer.
    public var conversionsToDecide: Int {
        var timed = [false: 0, true: 0]
        var turn = 0
        while timed[false]! < samplesPerKind || timed[true]! < samplesPerKind {
            let (streaming, isTimed) = Self.kind(turn: turn, prior: false)
            if isTimed { timed[streaming]! += 1 }
            turn += 1
        }
        return turn
    }

    /// Whether to stream into a destination of `bytes` (stride × height)
    /// now: between cycles, the decision, untimed, until its next check
    /// begins; during a cycle, the kind whose block it is, with `timed`
    /// saying whether `record` should be given the conversion's time (the
    /// first `untimedPerBlock` of each block are not timed). `prior` is the
    /// kind of the lead-in, which the first cycle keeps unless the other is
    /// clearly faster (`margin`).
    public func nextKind(forBytes bytes: Int, prior: Bool) -> (streaming: Bool, timed: Bool) {
        lock.withLock {
            var trial = trials[bytes] ?? Trial(prior: prior)
            defer { trials[bytes] = trial }
            if !trial.checking, let decided = trial.decided {
                let decision = decided.streaming
                trial.conversions += 1
                if trial.conversions >= Self.conversionsBetweenChecks(afterChecks: decided.checks) {
                    // The next conversion starts a cycle's first timed block.
                    (trial.checking, trial.prior) = (true, decision)
                    (trial.conversions, trial.cached, trial.streaming) = (Self.leadInBlocks * Self.blockLength, [], [])
                }
                return (decision, false)
            }
            let turn = trial.conversions
            trial.conversions += 1
            return Self.kind(turn: turn, prior: trial.prior)
        }
    }

    /// Records that a timed trial conversion into `bytes` with `streaming`
    /// stores took `nanoseconds`; ends the cycle once both kinds have
    /// `samplesPerKind` times, deciding the size: the kind the cycle keeps
    /// (the prior kind, or the decision being checked), unless the other kind's
    /// median is below `1 − margin` of its median. A check that would
    /// change the kind starts another cycle at once instead (counted in
    /// `checks`), and the kind changes only if that cycle would change it
    /// too.
    public func record(bytes: Int, streaming: Bool, nanoseconds: UInt64) {
        lock.withLock {
            guard var trial = trials[bytes], trial.checking else { return }
            if streaming {
                if trial.streaming.count < samplesPerKind { trial.streaming.append(nanoseconds) }
            } else if trial.cached.count < samplesPerKind {
                trial.cached.append(nanoseconds)
            }
            if trial.cached.count == samplesPerKind && trial.streaming.count == samplesPerKind {
                let (streamed, cached) = (Self.median(trial.streaming), Self.median(trial.cached))
                let (kept, other) = trial.prior ? (streamed, cached) : (cached, streamed)
                let decision = Double(other) < (1 - Self.margin) * Double(kept) ? !trial.prior : trial.prior
                let earlier = trial.decided
                let changed = earlier.map { $0.streaming != decision } ?? false
                let confirms = changed && !trial.confirming
                trial.decided = Outcome(
                    bytes: bytes, streaming: confirms ? !decision : decision, cachedMedian: cached,
                    streamingMedian: streamed, checks: (earlier?.checks ?? 0) + 1,
                    changes: (earlier?.changes ?? 0) + (changed && !confirms ? 1 : 0))
                if confirms {
                    // The confirming cycle starts with its first timed block.
                    trial.confirming = true
                    (trial.conversions, trial.cached, trial.streaming) = (Self.leadInBlocks * Self.blockLength, [], [])
                } else {
                    (trial.checking, trial.confirming, trial.conversions) = (false, false, 0)
                }
            }
            trials[bytes] = trial
        }
    }

    /// Every decided size, smallest first.
    public var outcomes: [Outcome] {
        lock.withLock {
            trials.values.compactMap(\.decided).sorted { $0.bytes < $1.bytes }
        }
    }

    /// The kind decided for destinations of `bytes`: true for streaming,
    /// nil until its first cycle ends (during a check, the decision being
    /// checked).
    public func decision(forBytes bytes: Int) -> Bool? {
        lock.withLock { trials[bytes]?.decided?.streaming }
    }

    /// The project's nearest-rank median (the lower middle sample of an
    /// even count) of a kind's times; a cycle ends with `samplesPerKind`
    /// of them, at least one.
    private static func median(_ values: [UInt64]) -> UInt64 {
        Percentile.median(values) ?? 0
    }

    /// Nanoseconds on the monotonic clock, for timing a trial conversion.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
