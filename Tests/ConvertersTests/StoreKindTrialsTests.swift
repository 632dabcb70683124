import Converters
import Dispatch
import Frames
import SIMDRows
import Synchronization
import TestSupport
import Testing

/// The store kind trial of an automatic `SIMDConverter`: after sixteen
/// untimed conversions of the prior kind, each size's conversions run in
/// blocks of eight of one kind (ordinary, streaming, streaming, ordinary,
/// streaming, ordinary, ordinary, streaming), the first four of each
/// untimed, and the size keeps the prior kind unless the other's median time is at least 5 % lower; after
/// 128, 256, … conversions of its kind, or more where the other kind was
/// much slower, the same blocks decide it again; every conversion on the
/// way is exact.
@Suite struct StoreKindTrialsTests {
    /// The destination the trials below are handed (any address: the
    /// trials only tell destinations apart by it).
    static var destination: UnsafeRawPointer { UnsafeRawPointer(bitPattern: 0x1000)! }

    /// Runs a whole trial of one size on `trials`, with `prior` the kind
    /// its lead-in takes and its first cycle keeps unless the other is faster, giving each timed conversion the time
    /// `cost(streaming, sample)` for sample numbers below `samplesPerKind`
    /// (the trial keeps no more of a kind: a kind's later timed conversions
    /// get 0); returns the kinds handed out, in order.
    static func runTrial(
        _ trials: StoreKindTrials, bytes: Int, prior: Bool, cost: (Bool, Int) -> UInt64
    ) -> [(streaming: Bool, timed: Bool)] {
        var handed: [(streaming: Bool, timed: Bool)] = []
        var counts = [false: 0, true: 0]
        while trials.decision(forBytes: bytes) == nil && handed.count < 100 {
            let next = trials.nextKind(forBytes: bytes, into: Self.destination, prior: prior)
            handed.append(next)
            guard next.timed else { continue }
            let sample = counts[next.streaming]!
            let time = sample < trials.samplesPerKind ? cost(next.streaming, sample) : 0
            trials.record(bytes: bytes, streaming: next.streaming, nanoseconds: time)
            counts[next.streaming]! += 1
        }
        return handed
    }

    @Test("sixteen untimed of the prior kind, then blocks of eight, four untimed: ordinary, streaming, streaming, …")
    func blocks() {
        for prior in [false, true] {
            let trials = StoreKindTrials(samplesPerKind: 5)
            let handed = Self.runTrial(trials, bytes: 1000, prior: prior) { _, _ in 100 }
            // The prior kind 0-15 (untimed), ordinary 16-23 (timed 20-23),
            // streaming 24-39 (its fifth timed at turn 36), then ordinary's
            // fifth timed conversion (turn 44) decides.
            let streaming =
                Array(repeating: prior, count: 16) + Array(repeating: false, count: 8)
                + Array(repeating: true, count: 16) + Array(repeating: false, count: 5)
            #expect(handed.map(\.streaming) == streaming)
            #expect(handed.map(\.timed) == (0..<45).map { $0 >= 16 && ($0 - 16) % 8 >= 4 })
            #expect(trials.conversionsToDecide == 45)
        }
        // Ordinary's blocks start at turns 16, 40, 56, 64; streaming's at
        // 24, 32, 48, 72; the last four conversions of a block are timed.
        #expect(StoreKindTrials().conversionsToDecide == 80)
        #expect(StoreKindTrials(samplesPerKind: 8).conversionsToDecide == 48)
        #expect(StoreKindTrials(samplesPerKind: 1).conversionsToDecide == 29)
        #expect(StoreKindTrials(samplesPerKind: 9).conversionsToDecide == 61)
    }

    @Test("the prior kind stays unless the other's median is 5 % lower, whatever the extremes")
    func decision() {
        let trials = StoreKindTrials(samplesPerKind: 5)
        // The prior is ordinary. Streaming: mostly 100 ns with two slow
        // outliers; ordinary: mostly 120 ns with one very fast one. Medians
        // 100 and 120: streaming, 17 % faster, takes over.
        _ = Self.runTrial(trials, bytes: 1000, prior: false) { streaming, sample in
            streaming ? [100, 5000, 100, 90, 7000][sample] : [120, 1, 130, 120, 125][sample]
        }
        #expect(trials.decision(forBytes: 1000) == true)
        // Once decided, the size gets its kind untimed.
        for _ in 0..<3 {
            #expect(trials.nextKind(forBytes: 1000, into: Self.destination, prior: false) == (true, false))
        }

        // Another size decides on its own: the prior is streaming, and
        // ordinary stores take two thirds of its time.
        #expect(trials.decision(forBytes: 2000) == nil)
        _ = Self.runTrial(trials, bytes: 2000, prior: true) { streaming, _ in streaming ? 300 : 200 }
        #expect(trials.decision(forBytes: 2000) == false)
        // 4 % faster is not enough, either way round.
        _ = Self.runTrial(trials, bytes: 3000, prior: false) { streaming, _ in streaming ? 96 : 100 }
        #expect(trials.decision(forBytes: 3000) == false)
        _ = Self.runTrial(trials, bytes: 4000, prior: true) { streaming, _ in streaming ? 100 : 96 }
        #expect(trials.decision(forBytes: 4000) == true)
        // 6 % is.
        _ = Self.runTrial(trials, bytes: 5000, prior: false) { streaming, _ in streaming ? 94 : 100 }
        #expect(trials.decision(forBytes: 5000) == true)

        // The outcomes, smallest first, with the medians that decided them,
        // each decided once.
        let outcomes = trials.outcomes
        #expect(outcomes.map(\.checks) == [1, 1, 1, 1, 1] && outcomes.map(\.changes) == [0, 0, 0, 0, 0])
        #expect(outcomes.map(\.bytes) == [1000, 2000, 3000, 4000, 5000])
        #expect(outcomes.map(\.streaming) == [true, false, false, true, true])
        #expect(outcomes.map(\.cachedMedian) == [120, 200, 100, 96, 100])
        #expect(outcomes.map(\.streamingMedian) == [100, 300, 96, 100, 94])
    }

    @Test(
        "checks come 128, 256, … 2048 conversions apart, or as far apart as makes the other kind's conversions in a check cost 1 % of the gap, up to 8192"
    )
    func gaps() {
        /// The gap after a cycle that kept `streaming`, with these medians,
        /// after `checks` cycles, which made `other` conversions of the
        /// kind it did not keep.
        func gap(checks: Int, streaming: Bool = true, cached: UInt64, streamed: UInt64, other: Int = 32) -> Int {
            StoreKindTrials.conversionsBetweenChecks(
                after: .init(
                    bytes: 1000, streaming: streaming, cachedMedian: cached, streamingMedian: streamed,
                    checks: checks, changes: 0, otherKindConversions: other))
        }
        // The other kind no slower than the kept one: the schedule alone.
        #expect(
            (0...7).map { gap(checks: $0, cached: 100, streamed: 100) } == [
                128, 128, 256, 512, 1024, 2048, 2048, 2048,
            ])
        #expect(gap(checks: 1, cached: 97, streamed: 100) == 128)
        // The other kind 10 % slower: 32 conversions × 0.1 ÷ 1 % = 320.
        #expect(gap(checks: 1, cached: 110, streamed: 100) == 320)
        #expect(gap(checks: 2, cached: 110, streamed: 100) == 320)
        #expect(gap(checks: 3, cached: 110, streamed: 100) == 512)
        // 1.5 times slower, whichever kind is kept: 32 × 0.5 ÷ 1 % = 1600;
        // with 80 conversions of the other kind (a cycle over four
        // destinations), 4000.
        #expect(gap(checks: 1, cached: 150, streamed: 100) == 1600)
        #expect(gap(checks: 1, streaming: false, cached: 100, streamed: 150) == 1600)
        #expect(gap(checks: 1, cached: 150, streamed: 100, other: 80) == 4000)
        #expect(gap(checks: 6, cached: 150, streamed: 100) == 2048)
        // Four times slower would give 9600: at most 8192.
        #expect(gap(checks: 1, cached: 400, streamed: 100) == 8192)
        // No time measured for the kept kind: the schedule.
        #expect(gap(checks: 1, cached: 100, streamed: 0) == 128)
    }

    @Test("a decided size is checked again after the gap its latest cycle gives; a change needs a second cycle")
    func checks() {
        let trials = StoreKindTrials(samplesPerKind: 5)
        // The prior is ordinary; streaming takes half the time. The first
        // cycle made 13 conversions with ordinary stores (see `blocks`).
        _ = Self.runTrial(trials, bytes: 1000, prior: false) { streaming, _ in streaming ? 100 : 200 }
        #expect(trials.outcomes.map(\.otherKindConversions) == [13])
        /// Hands out the `gap` conversions between two cycles, which must be
        /// the decided kind `kind`, untimed; then runs the next cycle,
        /// during which the decision stays `kind`, timing its conversions
        /// with `cost`; returns the kinds the cycle handed out, in order.
        func check(gap: Int, kind: Bool, cost: (Bool) -> UInt64) -> [(streaming: Bool, timed: Bool)] {
            for _ in 0..<gap {
                let next = trials.nextKind(forBytes: 1000, into: Self.destination, prior: false)
                #expect(next.streaming == kind && !next.timed)
            }
            let checks = trials.outcomes[0].checks
            var handed: [(streaming: Bool, timed: Bool)] = []
            while trials.outcomes[0].checks == checks && handed.count < 100 {
                #expect(trials.decision(forBytes: 1000) == kind)
                let next = trials.nextKind(forBytes: 1000, into: Self.destination, prior: false)
                handed.append(next)
                guard next.timed else { continue }
                trials.record(bytes: 1000, streaming: next.streaming, nanoseconds: cost(next.streaming))
            }
            return handed
        }
        // A check has the first cycle's blocks without its lead-in: ordinary
        // 0-7, streaming 8-23, then ordinary's fifth timed conversion (turn
        // 28) decides. Here ordinary stores take half the time, which would
        // change the kind: the decision stays, and a confirming cycle
        // starts at once.
        // The gap: 13 conversions × 1.0 ÷ 1 % = 1300.
        let firstCheck = check(gap: 1300, kind: true) { $0 ? 200 : 100 }
        let kinds =
            Array(repeating: false, count: 8) + Array(repeating: true, count: 16) + Array(repeating: false, count: 5)
        #expect(firstCheck.map(\.streaming) == kinds)
        #expect(firstCheck.map(\.timed) == (0..<29).map { $0 % 8 >= 4 })
        #expect(
            trials.outcomes == [
                .init(
                    bytes: 1000, streaming: true, cachedMedian: 100, streamingMedian: 200, checks: 2, changes: 0,
                    otherKindConversions: 13)
            ])
        // The confirming cycle, the same blocks with no conversion between,
        // agrees: the size changes to ordinary stores.
        let confirming = check(gap: 0, kind: true) { $0 ? 200 : 100 }
        #expect(confirming.map(\.streaming) == kinds && confirming.map(\.timed) == firstCheck.map(\.timed))
        #expect(
            trials.outcomes == [
                .init(
                    bytes: 1000, streaming: false, cachedMedian: 100, streamingMedian: 200, checks: 3, changes: 1,
                    otherKindConversions: 16)
            ])
        // The next check comes 16 × 1.0 ÷ 1 % = 1600 conversions later (the
        // schedule, after three cycles, gives 512); streaming 4 % faster
        // does not change the decision it checks, now ordinary stores, and
        // needs no confirming.
        #expect(check(gap: 1600, kind: false) { $0 ? 96 : 100 }.count == 29)
        #expect(
            trials.outcomes == [
                .init(
                    bytes: 1000, streaming: false, cachedMedian: 100, streamingMedian: 96, checks: 4, changes: 1,
                    otherKindConversions: 16)
            ])
        // Then 1024 later (the schedule: streaming was faster), streaming 10 % faster, and again in the cycle
        // that confirms it: the size changes back.
        #expect(check(gap: 1024, kind: false) { $0 ? 90 : 100 }.count == 29)
        #expect(trials.decision(forBytes: 1000) == false)
        #expect(check(gap: 0, kind: false) { $0 ? 90 : 100 }.count == 29)
        #expect(
            trials.outcomes == [
                .init(
                    bytes: 1000, streaming: true, cachedMedian: 100, streamingMedian: 90, checks: 6, changes: 2,
                    otherKindConversions: 13)
            ])
        // 2048 later (13 × 10 ÷ 90 ÷ 1 % = 144 is shorter), one slow cycle
        // for streaming would change the kind, and the confirming cycle
        // finds it faster again: it stays.
        #expect(check(gap: 2048, kind: true) { $0 ? 300 : 100 }.count == 29)
        #expect(check(gap: 0, kind: true) { $0 ? 90 : 100 }.count == 29)
        let decided = StoreKindTrials.Outcome(
            bytes: 1000, streaming: true, cachedMedian: 100, streamingMedian: 90, checks: 8, changes: 2,
            otherKindConversions: 13)
        #expect(trials.outcomes == [decided])
        #expect(trials.decision(forBytes: 1000) == true)
        // A time recorded between cycles is ignored: no cycle ends.
        trials.record(bytes: 1000, streaming: false, nanoseconds: 1)
        #expect(trials.outcomes == [decided])
    }

    @Test("sizes that take turns between their checks each start a check after their own gap")
    func sizesTakingTurns() {
        let trials = StoreKindTrials(samplesPerKind: 5)
        // 1000 streams, ordinary stores twice as slow: 13 conversions ×
        // 1.0 ÷ 1 % = 1300. 2000 keeps streaming, the prior, ordinary stores
        // 2 % slower: the schedule's 128.
        _ = Self.runTrial(trials, bytes: 1000, prior: false) { streaming, _ in streaming ? 100 : 200 }
        _ = Self.runTrial(trials, bytes: 2000, prior: true) { streaming, _ in streaming ? 100 : 102 }
        #expect(trials.outcomes.map(StoreKindTrials.conversionsBetweenChecks(after:)) == [1300, 128])
        // Runs of three conversions of 1000 and five of 2000 in turn, until
        // each has handed out the first of its check (ordinary stores,
        // where both stream).
        var counts = [1000: 0, 2000: 0]
        var checkStarts: [Int: Int] = [:]
        var turn = 0
        while checkStarts.count < 2 && turn < 2000 {
            let (bytes, length) = turn % 2 == 0 ? (1000, 3) : (2000, 5)
            for _ in 0..<length where checkStarts[bytes] == nil {
                let next = trials.nextKind(forBytes: bytes, into: Self.destination, prior: false)
                counts[bytes]! += 1
                #expect(!next.timed)
                if !next.streaming { checkStarts[bytes] = counts[bytes]! }
            }
            turn += 1
        }
        #expect(checkStarts == [1000: 1301, 2000: 129])
    }

    @Test("threads taking a decided size's conversions at once start its check after exactly its gap")
    func concurrentGap() {
        let trials = StoreKindTrials(samplesPerKind: 5)
        // Streaming, ordinary stores twice as slow: a gap of 1300 (see `checks`).
        _ = Self.runTrial(trials, bytes: 1000, prior: false) { streaming, _ in streaming ? 100 : 200 }
        let handedOut = Mutex<[(streaming: Bool, timed: Bool)]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            var mine: [(streaming: Bool, timed: Bool)] = []
            for _ in 0..<325 { mine.append(trials.nextKind(forBytes: 1000, into: Self.destination, prior: false)) }
            handedOut.withLock { $0 += mine }
        }
        let handed = handedOut.withLock { $0 }
        #expect(handed.count == 1300 && handed.allSatisfy { $0.streaming && !$0.timed })
        // The next conversion is the check's first: ordinary stores, untimed.
        #expect(trials.nextKind(forBytes: 1000, into: Self.destination, prior: false) == (false, false))
    }

    @Test(
        "with two destinations, a block's first four conversions into each are untimed, and it ends with its fourth timed one"
    )
    func twoDestinations() {
        let trials = StoreKindTrials(samplesPerKind: 4)
        let (first, second) = (UnsafeRawPointer(bitPattern: 0x1000)!, UnsafeRawPointer(bitPattern: 0x2000)!)
        // Two converters' conversions, alternating, as in the report's rounds.
        var handed: [(streaming: Bool, timed: Bool)] = []
        while trials.decision(forBytes: 1000) == nil && handed.count < 200 {
            let next = trials.nextKind(forBytes: 1000, into: handed.count % 2 == 0 ? first : second, prior: false)
            handed.append(next)
            if next.timed {
                trials.record(bytes: 1000, streaming: next.streaming, nanoseconds: next.streaming ? 100 : 50)
            }
        }
        // The lead-in: 16 untimed, eight into each. Then each block: four
        // untimed into each destination (8), then four timed (12 in all):
        // ordinary 16-27, streaming 28-39, which gives ordinary stores its
        // fourth timed conversion at 27 and streaming at 39, and decides.
        let block = Array(repeating: false, count: 8) + Array(repeating: true, count: 4)
        #expect(
            handed.map(\.streaming) == Array(repeating: false, count: 16) + Array(repeating: false, count: 12)
                + Array(repeating: true, count: 12))
        #expect(handed.map(\.timed) == Array(repeating: false, count: 16) + block + block)
        #expect(trials.decision(forBytes: 1000) == false)
    }

    @Test("with a new destination every conversion, a block times its conversions after sixteen untimed ones")
    func newDestinations() {
        let trials = StoreKindTrials(samplesPerKind: 4)
        var handed: [(streaming: Bool, timed: Bool)] = []
        while trials.decision(forBytes: 1000) == nil && handed.count < 200 {
            // Addresses 64 bytes apart, none used twice.
            let destination = UnsafeRawPointer(bitPattern: 0x10000 + 64 * handed.count)!
            let next = trials.nextKind(forBytes: 1000, into: destination, prior: false)
            handed.append(next)
            if next.timed {
                trials.record(bytes: 1000, streaming: next.streaming, nanoseconds: next.streaming ? 50 : 100)
            }
        }
        // The lead-in (16), then two blocks of 16 untimed and 4 timed:
        // ordinary 16-35, streaming 36-55, which is 2 × faster and takes over.
        let block = Array(repeating: false, count: 16) + Array(repeating: true, count: 4)
        #expect(handed.map(\.timed) == Array(repeating: false, count: 16) + block + block)
        #expect(handed.map(\.streaming) == Array(repeating: false, count: 36) + Array(repeating: true, count: 20))
        #expect(trials.decision(forBytes: 1000) == true)
    }

    @Test("an even number of samples has the lower of its two middle ones as its median (nearest rank)")
    func evenMedian() {
        let trials = StoreKindTrials(samplesPerKind: 4)
        _ = Self.runTrial(trials, bytes: 64, prior: false) { streaming, sample in
            streaming ? [50, 10, 40, 20][sample] : [10, 40, 20, 30][sample]
        }
        #expect(
            trials.outcomes == [
                .init(
                    bytes: 64, streaming: false, cachedMedian: 20, streamingMedian: 20, checks: 1, changes: 0,
                    otherKindConversions: 8)
            ])
    }

    @Test(
        "an automatic converter decides each upright size in the trial range, exact with either kind; a mirrored one too"
    )
    func converterTrial() throws {
        let converter = SIMDConverter(stores: .automatic)
        let trials = try #require(converter.trials)
        let range = SIMDStorePolicy.trialRange
        // 1024 pixels wide (4 KiB rows, 64-byte aligned, so both kinds run):
        // the first height whose frame is in the range, and one below it.
        let inside = FrameSize(width: 1024, height: (range.lowerBound + 4095) / 4096)
        let below = FrameSize(width: 1024, height: inside.height - 1)
        for size in [inside, below] {
            let source = I420Buffer.random(size: size, padding: 0, seed: UInt64(size.height))
            let expected = BGRABuffer(size: size)
            ConvertersUnderTest.oracle.convert(
                .i420(source.view), to: expected.view, matrix: .bt601, orientation: .upright)
            let bytes = size.width * 4 * size.height
            // One destination, as the trial counts conversions into each
            // (`conversionsToDecide`), refilled before every conversion.
            let actual = BGRABuffer(size: size)
            for conversion in 0..<trials.conversionsToDecide {
                #expect(trials.decision(forBytes: bytes) == nil)
                actual.view.base.update(repeating: UInt8(truncatingIfNeeded: conversion * 37 + 1), count: bytes)
                try converter.convert(.i420(source.view), to: actual.view, matrix: .bt601, orientation: .upright)
                if let at = firstDifference(actual.allBytes, expected.allBytes) {
                    Issue.record("\(size) conversion \(conversion): first difference at byte \(at)")
                    return
                }
            }
            let decision = trials.decision(forBytes: bytes)
            #expect((decision != nil) == range.contains(bytes))
            // Once decided, the converter and its bands keep the decision.
            if let decision {
                let output = BGRABuffer(size: size)
                #expect(converter.streams(into: output.view) == decision)
                let bands = try #require(
                    converter.converter(forBandsOf: output.view, orientation: .upright) as? SIMDConverter)
                #expect(bands.streams(into: output.view.band(rows: 0..<2)) == decision)
            }
        }
        // A mirrored frame, written in ascending lines too, is decided by trial.
        let mirroring = SIMDConverter(stores: .automatic)
        let mirrored = BGRABuffer(size: inside)
        let upright = I420Buffer.random(size: inside, padding: 0, seed: 5)
        for _ in 0..<trials.conversionsToDecide {
            try mirroring.convert(.i420(upright.view), to: mirrored.view, matrix: .bt601, orientation: .mirror)
        }
        #expect(mirroring.trials?.decision(forBytes: inside.width * 4 * inside.height) != nil)
        // Other orientations keep the cache-size rule: no trial.
        let turning = SIMDConverter(stores: .automatic)
        let turned = FrameSize(width: inside.height, height: inside.width)
        let source = I420Buffer.random(size: turned, padding: 0, seed: 7)
        let output = BGRABuffer(size: inside)
        for _ in 0..<trials.conversionsToDecide {
            try turning.convert(.i420(source.view), to: output.view, matrix: .bt601, orientation: .rotate90)
        }
        #expect(turning.trials?.decision(forBytes: inside.width * 4 * inside.height) == nil)
        #expect(SIMDConverter(stores: .cached).trials == nil)
    }
}
