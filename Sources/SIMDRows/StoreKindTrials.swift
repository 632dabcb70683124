import Dispatch
import Foundation
import SIMDRows
import Statistics
import Synchronization

/// The store kind an automatic `SIMDConverter` uses for upright and
/// mirrored frames (`SIMDStorePolicy.writesAscendingLines`) in
/// the range of sizes where the cache-size rule cannot tell
/// (`SIMDStorePolicy.trialRange`), found by trial on the frames it
/// converts: for each destination size in bytes (stride × height), after
/// `leadInBlocks` untimed blocks of `blockLength` conversions of the prior
/// kind (the first frames of a size meet cold caches and fresh pages,
/// whichever kind they take), conversions run in blocks of one kind in the
/// order of `blockOrder` (ordinary, streaming,
/// streaming, ordinary, streaming, ordinary, ordinary, streaming: over
/// each cycle of eight blocks, which the default of sixteen timed
/// conversions a kind fills, a drift in the machine's speed that is linear
/// or quadratic in time favours neither). A block's first `untimedPerBlock`
/// conversions into each destination are untimed (a destination the other
/// kind wrote last takes a few frames to settle), at most
/// `untimedPerBlock × blockDestinations` in all, and the block ends with
/// its `blockLength − untimedPerBlock`-th timed one: with one destination,
/// blocks of `blockLength`; with a few (converters that share the trials,
/// as the registry's `simd` and `parallel` do), as many settled
/// conversions a destination; with a new destination every frame, 16
/// untimed, then timed ones. Once each kind has
/// `samplesPerKind` timed conversions, that size keeps the prior kind
/// (ordinary stores, for an automatic `SIMDConverter`) unless the other kind's median time (nearest rank,
/// `Percentile.median`) is below `1 − margin` of its own. Which kind wins
/// there depends on what else the core's caches hold between two frames
/// (docs/kernel.md, "Store policy"), so it is measured where the converter
/// runs, among the work it runs with. That changes as a run goes on (in
/// a cell's first rounds every contender can run up to 1.6 times slower),
/// so a decided size is checked again: after
/// `conversionsBetweenChecks(after:)` conversions of its kind (128, then
/// twice as many each time, up to 2048; more where the kind it does not
/// keep was much slower, so that a check's conversions of that kind cost
/// beyond the kept kind's time at most `checkBudget` of the time between
/// checks, up to `longestGapBetweenChecks` apart), another cycle of the same
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
/// Between cycles a size's conversions are handed out without the lock
/// where they can be: `quick` holds one decided size, its kind and how
/// many conversions it may still take before the lock must see one. A
/// conversion right after a frame of streaming stores waits for every
/// cache line it misses behind those stores' traffic, and the locked path
/// touches about ten lines (docs/kernel.md, "The trial's own cost").
///
/// `@unchecked Sendable`: the trials are only touched under `lock`, a
/// pthread mutex (`NSLock`), which the thread sanitizer sees; `quick` is
/// an atomic.
public final class StoreKindTrials: @unchecked Sendable {
    /// Timed conversions of each kind in a cycle, which then decides the size.
    public let samplesPerKind: Int
    /// Conversions in a block of one kind into one destination:
    /// `untimedPerBlock` untimed, then timed ones (a block ends with its
    /// `blockLength − untimedPerBlock`-th timed conversion, whatever the
    /// destinations).
    public static let blockLength = 8
    /// The conversions into each destination at the start of each block
    /// that are not timed: with
    /// ordinary stores, a 640x480 destination that streaming stores wrote
    /// last took two to four conversions to come back to its steady time
    /// (docs/kernel.md, "Settling").
    public static let untimedPerBlock = 4
    /// The destinations a block waits to settle: after `untimedPerBlock`
    /// untimed conversions into each of that many, a block times whatever
    /// comes (a converter handed a new buffer every frame would otherwise
    /// never be timed).
    public static let blockDestinations = 4
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
    /// One decided size's conversions that need not take the lock: its
    /// bytes (from bit 24), its kind (bit 23: streaming) and how many
    /// more conversions it may take (bits 0–22), which its trial's
    /// `conversions` already counts; 0 when no size has any. Set under
    /// `lock`, taken from by `nextKind` with a compare-and-exchange.
    private let quick = Atomic<UInt64>(0)

    /// The share of a decided size's time that its checks may spend on
    /// the kind it does not keep, beyond what the kept kind would take:
    /// where that kind was much slower, checks come further apart
    /// (`conversionsBetweenChecks(after:)`).
    public static let checkBudget = 0.01

    /// The most conversions between two checks of a size, however much
    /// slower the kind it does not keep was: a change in what the host
    /// runs beside the converter is still found within minutes of frames.
    public static let longestGapBetweenChecks = 8192

    /// The conversions of its kind the size of `outcome` makes before it
    /// is checked again: 128 after its first cycle, doubling with each
    /// check, up to 2048; or, if more, as many as make a cycle's
    /// conversions of the other kind (as many as the latest cycle made)
    /// cost `checkBudget` of them beyond the kept kind's time, at the
    /// latest cycle's medians, up to `longestGapBetweenChecks`.
    public static func conversionsBetweenChecks(after outcome: Outcome) -> Int {
        let schedule = 128 << min(max(outcome.checks, 1) - 1, 4)
        let (kept, other) =
            outcome.streaming
            ? (outcome.streamingMedian, outcome.cachedMedian) : (outcome.cachedMedian, outcome.streamingMedian)
        guard kept > 0, other > kept else { return schedule }
        let excess = Double(other - kept) / Double(kept)
        let budgeted = Double(outcome.otherKindConversions) * excess / checkBudget
        return max(schedule, Int(min(budgeted.rounded(), Double(longestGapBetweenChecks))))
    }

    /// One destination size's trial: the kind a cycle keeps unless the
    /// other is clearly faster (the prior kind, then the last decision),
    /// whether the running cycle confirms a check that would change it, the
    /// untimed lead-in conversions left (a first cycle's), the conversions
    /// since the last decision (with those handed to `quick` in advance and
    /// not yet taken), the running cycle's block (counted through
    /// `blockOrder`, repeating), its timed and untimed conversions so far
    /// and its conversions into each destination (at most
    /// `blockDestinations` of them), the running cycle's conversions of
    /// each kind (the lead-in's aside) and its times, and the latest
    /// decision with how it came about.
    private struct Trial {
        var prior: Bool
        var checking = true
        var confirming = false
        var leadIn = StoreKindTrials.leadInBlocks * StoreKindTrials.blockLength
        var conversions = 0
        var block = 0
        var blockTimed = 0
        var blockUntimed = 0
        var blockConversions: [UnsafeRawPointer: Int] = [:]
        var kindConversions = [false: 0, true: 0]
        var cached: [UInt64] = []
        var streaming: [UInt64] = []
        var decided: Outcome?

        /// Starts a cycle with no lead-in (a check, or the cycle that
        /// confirms one) that keeps `prior` unless the other kind is
        /// clearly faster.
        mutating func startCheck(keeping prior: Bool) {
            (self.prior, checking, leadIn, conversions) = (prior, true, 0, 0)
            (block, blockTimed, blockUntimed, blockConversions) = (0, 0, 0, [:])
            (kindConversions, cached, streaming) = ([false: 0, true: 0], [], [])
        }

        /// The kind of the running cycle's next conversion into
        /// `destination`, and whether it is timed: the prior kind, untimed,
        /// through the lead-in; then the block's kind, timed once the block
        /// has had `untimedPerBlock` conversions into `destination`, or
        /// `untimedPerBlock × blockDestinations` untimed ones in all.
        mutating func next(into destination: UnsafeRawPointer) -> (streaming: Bool, timed: Bool) {
            guard leadIn == 0 else {
                leadIn -= 1
                return (prior, false)
            }
            let kind = StoreKindTrials.blockOrder[block % StoreKindTrials.blockOrder.count]
            kindConversions[kind, default: 0] += 1
            let untimed = StoreKindTrials.untimedPerBlock
            if blockUntimed < untimed * StoreKindTrials.blockDestinations {
                let earlier = blockConversions[destination, default: 0]
                if earlier < untimed {
                    blockConversions[destination] = earlier + 1
                    blockUntimed += 1
                    return (kind, false)
                }
            }
            blockTimed += 1
            if blockTimed == StoreKindTrials.blockLength - untimed {
                (block, blockTimed, blockUntimed, blockConversions) = (block + 1, 0, 0, [:])
            }
            return (kind, true)
        }
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
        /// The conversions of the kind it does not keep, timed or not, in
        /// the latest cycle (the first cycle's lead-in aside).
        public var otherKindConversions: Int

        /// An outcome with these fields.
        public init(
            bytes: Int, streaming: Bool, cachedMedian: UInt64, streamingMedian: UInt64, checks: Int, changes: Int,
            otherKindConversions: Int
        ) {
            (self.bytes, self.streaming) = (bytes, streaming)
            (self.cachedMedian, self.streamingMedian) = (cachedMedian, streamingMedian)
            (self.checks, self.changes, self.otherKindConversions) = (checks, changes, otherKindConversions)
        }
    }

    /// The trials the registry's `simd` and `parallel`'s inner converter
    /// share (`SIMDConverter.entry`, `ParallelConverter.entry`): one kernel,
    /// one decision per size in a process, so that `parallel` running one
    /// thread stores as `simd` does.
    public static let registry = StoreKindTrials()

    /// Trials that decide after `samplesPerKind` timed conversions of each
    /// kind (at least 1).
    public init(samplesPerKind: Int = 16) {
        self.samplesPerKind = max(1, samplesPerKind)
    }

    /// Conversions of one size into one destination up to the one that
    /// first decides its kind: the first by which both kinds have
    /// `samplesPerKind` timed ones. A check's cycle, with no lead-in, takes
    /// `leadInBlocks × blockLength` fewer.
    public var conversionsToDecide: Int {
        var trial = Trial(prior: false)
        let destination = UnsafeRawPointer(bitPattern: 64)!
        var timed = [false: 0, true: 0]
        var turn = 0
        while timed[false]! < samplesPerKind || timed[true]! < samplesPerKind {
            let (streaming, isTimed) = trial.next(into: destination)
            if isTimed { timed[streaming]! += 1 }
            turn += 1
        }
        return turn
    }

    /// Whether to stream into `destination` (its first byte), of `bytes`
    /// (stride × height), now: between cycles, the decision, untimed, until
    /// its next check begins; during a cycle, the kind whose block it is,
    /// with `timed` saying whether `record` should be given the
    /// conversion's time (a block's first `untimedPerBlock` conversions
    /// into each destination are not timed). `prior` is the kind of the
    /// lead-in, which the first cycle keeps unless the other is clearly
    /// faster (`margin`).
    public func nextKind(
        forBytes bytes: Int, into destination: UnsafeRawPointer, prior: Bool
    ) -> (streaming: Bool, timed: Bool) {
        var word = quick.load(ordering: .relaxed)
        while word >> 24 == UInt64(truncatingIfNeeded: bytes) && word & Self.quickCount > 0 {
            let taken = quick.compareExchange(expected: word, desired: word - 1, ordering: .relaxed)
            if taken.exchanged { return (word & Self.quickStreaming != 0, false) }
            word = taken.original
        }
        return lock.withLock {
            reclaimQuick()
            var trial = trials[bytes] ?? Trial(prior: prior)
            defer { trials[bytes] = trial }
            if !trial.checking, let decided = trial.decided {
                trial.conversions += 1
                let gap = Self.conversionsBetweenChecks(after: decided)
                if trial.conversions >= gap {
                    // The next conversion starts a check's first block.
                    trial.startCheck(keeping: decided.streaming)
                } else if gap - trial.conversions > 1, Self.quickSizes.contains(bytes) {
                    // All but the last conversion before the check may
                    // skip the lock; the last one starts the check here.
                    let more = min(gap - trial.conversions - 1, Int(Self.quickCount))
                    let kind = decided.streaming ? Self.quickStreaming : 0
                    quick.store(UInt64(bytes) << 24 | kind | UInt64(more), ordering: .relaxed)
                    trial.conversions += more
                }
                return (decided.streaming, false)
            }
            return trial.next(into: destination)
        }
    }

    /// The sizes `quick` can hold (its bits from 24).
    private static let quickSizes = 1..<(1 << 40)
    /// The bits of `quick` that count its conversions.
    private static let quickCount: UInt64 = 0x7f_ffff
    /// The bit of `quick` set when its size streams.
    private static let quickStreaming: UInt64 = 0x80_0000

    /// Takes back the conversions `quick` still holds, and uncounts them
    /// from their size's trial. Called under `lock`.
    private func reclaimQuick() {
        let earlier = quick.exchange(0, ordering: .relaxed)
        let untaken = Int(earlier & Self.quickCount)
        if untaken > 0 { trials[Int(earlier >> 24)]?.conversions -= untaken }
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
                let keeps = confirms ? !decision : decision
                trial.decided = Outcome(
                    bytes: bytes, streaming: keeps, cachedMedian: cached, streamingMedian: streamed,
                    checks: (earlier?.checks ?? 0) + 1,
                    changes: (earlier?.changes ?? 0) + (changed && !confirms ? 1 : 0),
                    otherKindConversions: trial.kindConversions[!keeps, default: 0])
                if confirms {
                    trial.startCheck(keeping: !decision)
                    trial.confirming = true
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
}
