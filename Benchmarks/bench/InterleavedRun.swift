import Converters
import Foundation
import Frames

/// How long and how hard one interleaved measurement runs.
struct RunBudget: Sendable {
    /// Untimed rounds before measuring (caches, page faults, lazy tables).
    var warmupRounds = 3
    /// Every contender is measured on at least this many frames.
    var minFrames = 30
    /// No contender is measured on more than this many frames.
    var maxFrames = 3000
    /// Once `minFrames` are done, rounds continue until this many seconds
    /// have passed, idle gaps included (or `maxFrames` is reached).
    var seconds = 8.0
    /// Idle time before each timed conversion of the synthetic and scaling
    /// sections, in seconds (0: back to back). `--pace FPS` sets it to one
    /// frame interval, so every conversion starts on an idle machine, as it
    /// does in a call where frames arrive at that rate.
    var idleGap = 0.0

    /// How a paced run idles, for report headers (`"16.7 ms idle before
    /// each synthetic conversion"`); nil when it runs back to back.
    var pacing: String? {
        idleGap > 0 ? "\(Format.fixed(idleGap * 1000, 1)) ms idle before each synthetic conversion" : nil
    }
}

/// What one contender measured at one frame size: per-frame samples in
/// round order, so samples with the same index were measured in the same round.
struct CellSamples {
    /// The contender's label.
    let label: String
    /// Wall time of each frame, nanoseconds, on the monotonic clock.
    var wall: [Double] = []
    /// Process CPU time of each frame, nanoseconds (all threads).
    var cpu: [Double] = []
}

/// Measures several contenders on the same frames, interleaved: each
/// round converts one frame with every contender in turn, in the balanced
/// order of `RoundOrder`, so no one always runs first or always right after
/// the same contender (after the floor, which flushed the cache, or after
/// the parallel converter, which left the other core awake). Ratios taken
/// pair by pair within a round cancel drift of the machine.
enum InterleavedRun {
    /// Runs `contenders` on `frames` (cycled) within `budget`; each
    /// converter writes its own buffer of `outputs` (same order), which
    /// holds its output of the last frame measured. With a `budget.idleGap`,
    /// each timed conversion follows that much sleep, outside its samples
    /// (warm-up rounds are not paced).
    /// `progress(done, planned)` is called after every round.
    static func measure(_ contenders: [Contender], frames: [I420Buffer], outputs: [BGRABuffer],
                        matrix: ColorMatrix, budget: RunBudget,
                        progress: (Int, Int) -> Void = { _, _ in }) -> [CellSamples] {
        precondition(!frames.isEmpty && outputs.count == contenders.count, "one output per contender")
        let size = frames[0].size
        let floor = MemoryFloor(size: size)
        let views = frames.map(\.view)
        let targets = outputs.map(\.view)
        let count = contenders.count

        /// Runs contender `index` on frame `frame` into its own output.
        func runOne(_ index: Int, frame: Int) {
            switch contenders[index].kind {
            case .converter(let converter): converter.convert(views[frame], to: targets[index], matrix: matrix)
            case .floor: floor.run(views[frame], to: targets[index])
            }
        }

        for round in 0..<budget.warmupRounds {
            for k in 0..<count { runOne(k, frame: round % views.count) }
        }
        var samples = contenders.map { CellSamples(label: $0.label) }
        for k in 0..<count {
            samples[k].wall.reserveCapacity(budget.minFrames)
            samples[k].cpu.reserveCapacity(budget.minFrames)
        }
        let start = Clock.monotonic()
        var round = 0
        while round < budget.maxFrames
                && (round < budget.minFrames || Clock.seconds(since: start) < budget.seconds) {
            let frame = round % views.count
            for k in RoundOrder.order(round: round, count: count) {
                if budget.idleGap > 0 { Thread.sleep(forTimeInterval: budget.idleGap) }
                let cpu0 = Clock.processCPU()
                let t0 = Clock.monotonic()
                runOne(k, frame: frame)
                let t1 = Clock.monotonic()
                let cpu1 = Clock.processCPU()
                samples[k].wall.append(Double(t1 &- t0))
                samples[k].cpu.append(Double(cpu1 &- cpu0))
            }
            round += 1
            progress(round, max(budget.minFrames, estimatedRounds(round: round, start: start, budget: budget)))
        }
        return samples
    }

    /// The number of rounds the budget will allow, extrapolated from the
    /// pace so far (for the progress line only).
    private static func estimatedRounds(round: Int, start: UInt64, budget: RunBudget) -> Int {
        let elapsed = Clock.seconds(since: start)
        guard elapsed > 0 else { return budget.maxFrames }
        return min(budget.maxFrames, Int(Double(round) * budget.seconds / elapsed))
    }
}
