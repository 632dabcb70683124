import Converters
import Foundation
import Frames
import Statistics

/// Measures several contenders on the same frames, interleaved: each
/// round converts one frame with every contender in turn, in the balanced
/// order of `RoundOrder`, so no one always runs first or always right after
/// the same contender (after the floor, which flushed the cache, or after
/// the parallel converter, which left the other core awake). Ratios taken
/// pair by pair within a round cancel drift of the machine.
public enum InterleavedRun {
    /// How the runs move outputs between contenders, in words for a
    /// report's record: `OutputPassing`'s group, shortest stretch and
    /// settling rounds.
    public static let outputPassing =
        "outputs passed along among the contenders of one output size and stride between stretches of at least "
        + "\(OutputPassing.shortestStretch) rounds, \(OutputPassing.settleRounds) untimed rounds after each move"

    /// Runs `contenders` on `frames` (cycled) within `budget`, into
    /// `outputs` (one for each contender, same order), which the contenders
    /// whose outputs have the same size and stride pass along between
    /// stretches of rounds (`OutputPassing`). Converters convert into
    /// `orientation` (their outputs have the oriented size); floors move
    /// the bytes of the upright frame (their outputs have the frames' size). A floor
    /// runs every method (`FloorMethod.allCases`), each as a slot of its
    /// own in every round (with an output of its own), and keeps the
    /// samples of the method with the lowest median time. With
    /// a `budget.idleGap`, each timed conversion follows that much sleep,
    /// outside its samples (warm-up rounds are not paced).
    /// `progress(done, planned)` is called after every round.
    /// - Throws: `ContenderFailure` when a converter refuses or fails a
    ///   conversion (the run stops there; nothing is timed for a failure).
    public static func measure(
        _ contenders: [Contender], frames: [SourceBuffer], outputs: [BGRABuffer], matrix: ColorMatrix,
        orientation: Orientation = .upright, budget: RunBudget, progress: (Int, Int) -> Void = { _, _ in }
    ) throws(ContenderFailure) -> [CellSamples] {
        precondition(!frames.isEmpty && outputs.count == contenders.count, "one output per contender")
        let size = frames[0].size
        let views = frames.map(\.view)
        // The slots of a round: each converter, and each floor once per
        // method (`FloorMethod.allCases`), every floor method with its own
        // output (the contender's own for the first), so every way of
        // moving the bytes is timed where the converters are.
        var slots: [(contender: Int, work: SlotWork, target: BGRAView)] = []
        var extraOutputs: [BGRABuffer] = []
        for (index, contender) in contenders.enumerated() {
            switch contender.kind {
            case .converter(let converter):
                slots.append((index, .converter(converter), outputs[index].view))
            case .floor(let threads):
                for (number, method) in FloorMethod.allCases.enumerated() {
                    let floor = MemoryFloor(size: size, threads: threads)
                    floor.method = method
                    if number > 0 { extraOutputs.append(BGRABuffer(alignedRowsOf: outputs[index].size)) }
                    slots.append((index, .floor(floor), number == 0 ? outputs[index].view : extraOutputs.last!.view))
                }
            }
        }
        let count = slots.count
        defer { withExtendedLifetime(extraOutputs) {} }
        let passing = OutputPassing(targets: slots.map(\.target))
        var stretch = 0
        // Each slot's output in the running stretch, looked up once a
        // stretch rather than inside each timed conversion.
        var targets = slots.map(\.target)

        /// Runs slot `index` on frame `frame` into the output it holds in this stretch.
        func runOne(_ index: Int, frame: Int) throws(ContenderFailure) {
            let slot = slots[index]
            let target = targets[index]
            switch slot.work {
            case .floor(let floor): floor.run(views[frame], to: target)
            case .converter(let converter):
                do throws(ConversionError) {
                    try converter.convert(views[frame], to: target, matrix: matrix, orientation: orientation)
                } catch {
                    throw ContenderFailure(id: contenders[slot.contender].id, error: error)
                }
            }
        }

        /// Runs slot `index` on frame `frame` as a timed round does:
        /// after `budget.idleGap` of sleep, outside the returned monotonic
        /// and process CPU nanoseconds.
        func paced(_ index: Int, frame: Int) throws(ContenderFailure) -> (wall: UInt64, cpu: UInt64) {
            if budget.idleGap > 0 { Thread.sleep(forTimeInterval: budget.idleGap) }
            let cpu0 = Clock.processCPU()
            let t0 = Clock.monotonic()
            try runOne(index, frame: frame)
            let t1 = Clock.monotonic()
            let cpu1 = Clock.processCPU()
            return (t1 &- t0, cpu1 &- cpu0)
        }

        let warmupStart = Clock.monotonic()
        for round in 0..<budget.warmupRounds {
            for k in 0..<count { try runOne(k, frame: round % views.count) }
        }
        let stretchRounds = passing.stretchRounds(
            expectedRounds: expectedRounds(
                warmupSeconds: Clock.seconds(since: warmupStart), budget: budget, conversions: count))
        var slotSamples = slots.map { slot in
            var samples = CellSamples(id: contenders[slot.contender].id)
            if case .floor(let floor) = slot.work { samples.floorMethod = floor.method }
            samples.wall.reserveCapacity(budget.minFrames)
            samples.cpu.reserveCapacity(budget.minFrames)
            return samples
        }
        let start = Clock.monotonic()
        var round = 0
        while round < budget.maxFrames && (round < budget.minFrames || Clock.seconds(since: start) < budget.seconds) {
            let frame = round % views.count
            if round > 0 && round % stretchRounds == 0 {
                stretch += 1
                targets = slots.indices.map { slots[passing.holder(of: $0, stretch: stretch)].target }
                // The rounds before this one, as they would have run, so
                // that this round finds its frame as any round does.
                for earlier in (round - OutputPassing.settleRounds)..<round {
                    for k in RoundOrder.order(round: earlier, count: count) {
                        try runOne(k, frame: earlier % views.count)
                    }
                }
            }
            for k in RoundOrder.order(round: round, count: count) {
                let (wall, cpu) = try paced(k, frame: frame)
                slotSamples[k].wall.append(Double(wall))
                slotSamples[k].cpu.append(Double(cpu))
            }
            round += 1
            progress(round, max(budget.minFrames, estimatedRounds(round: round, start: start, budget: budget)))
        }
        return contenders.indices.map { index in
            let candidates = slotSamples.indices.filter { slots[$0].contender == index }.map { slotSamples[$0] }
            return CellSamples.fastest(of: candidates) ?? candidates[0]
        }
    }

    /// The timed rounds `budget` is expected to allow, at the pace of its
    /// warm-up rounds (which took `warmupSeconds`, and are slower than most:
    /// they meet cold caches and fresh pages), `conversions` a round with
    /// `budget.idleGap` before each; `budget.minFrames` without warm-up rounds.
    private static func expectedRounds(warmupSeconds: Double, budget: RunBudget, conversions: Int) -> Int {
        guard budget.warmupRounds > 0 else { return budget.minFrames }
        let round = warmupSeconds / Double(budget.warmupRounds) + Double(conversions) * budget.idleGap
        guard round > 0 else { return budget.maxFrames }
        return min(budget.maxFrames, max(budget.minFrames, Int(budget.seconds / round)))
    }

    /// The number of rounds the budget will allow, extrapolated from the
    /// pace so far (for the progress line only).
    private static func estimatedRounds(round: Int, start: UInt64, budget: RunBudget) -> Int {
        let elapsed = Clock.seconds(since: start)
        guard elapsed > 0 else { return budget.maxFrames }
        return min(budget.maxFrames, Int(Double(round) * budget.seconds / elapsed))
    }
}

/// What one slot of a round runs: a converter, or one method of a floor.
private enum SlotWork {
    case converter(any FrameConverter)
    case floor(MemoryFloor)
}

/// A contender's converter refused or failed a conversion during a run.
public struct ContenderFailure: Error, Equatable, CustomStringConvertible {
    /// The contender.
    public let id: ContenderID
    /// What the converter reported.
    public let error: ConversionError

    /// `LABEL: unsupported` or `LABEL: failed (status N)`.
    public var description: String { "\(label): \(error)" }

    /// The contender's label.
    public var label: String { id.description }
}
