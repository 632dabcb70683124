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
    /// Untimed rounds with each floor method (`FloorMethod`), after the warm-up ones.
    public static let floorCalibrationRounds = 9

    /// Runs `contenders` on `frames` (cycled) within `budget`; each
    /// contender writes its own buffer of `outputs` (same order), which
    /// holds its output of the last frame measured. Converters convert into
    /// `orientation` (their outputs have the oriented size); floors move
    /// the bytes of the upright frame (their outputs have the frames' size). Floors pick their
    /// method (shape and stores) by measurement after the warm-up rounds:
    /// `floorCalibrationRounds` untimed rounds of each (`FloorMethod.allCases`
    /// in order), in the round order of the timed ones, the first of each
    /// discarded, keeping the fastest. With
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
        let targets = outputs.map(\.view)
        let count = contenders.count
        let floors: [MemoryFloor?] = contenders.map { contender in
            if case .floor(let threads) = contender.kind { MemoryFloor(size: size, threads: threads) } else { nil }
        }

        /// Runs contender `index` on frame `frame` into its own output.
        func runOne(_ index: Int, frame: Int) throws(ContenderFailure) {
            switch contenders[index].kind {
            case .converter(let converter):
                do throws(ConversionError) {
                    try converter.convert(views[frame], to: targets[index], matrix: matrix, orientation: orientation)
                } catch {
                    throw ContenderFailure(id: contenders[index].id, error: error)
                }
            case .floor: floors[index]!.run(views[frame], to: targets[index])
            }
        }

        /// Runs contender `index` on frame `frame` as a timed round does:
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

        for round in 0..<budget.warmupRounds {
            for k in 0..<count { try runOne(k, frame: round % views.count) }
        }
        // The floors' kind of store, chosen in rounds like the timed ones:
        // each floor timed where it will be timed, after the other
        // contenders have filled the caches with their own lines (calibrated
        // back to back on its own buffers instead, the 1080p floor chose
        // cached stores, which only win on warm caches, and took longer than
        // simd in the rounds).
        if floors.contains(where: { $0 != nil }) {
            var times: [[FloorMethod: [Double]]] = floors.map { _ in [:] }
            let methods = FloorMethod.allCases
            for round in 0..<(methods.count * floorCalibrationRounds) {
                // A block of rounds of each method, the first of each
                // untimed: after a pass of another kind of store the
                // destination lies elsewhere in the caches (alternating
                // round by round, the 176x144 floor chose streaming stores,
                // which are three times slower there).
                let method = methods[round / floorCalibrationRounds]
                let timed = round % floorCalibrationRounds != 0
                for floor in floors { floor?.method = method }
                for k in RoundOrder.order(round: round, count: count) {
                    let wall = try paced(k, frame: round % views.count).wall
                    if timed && floors[k] != nil { times[k][method, default: []].append(Double(wall)) }
                }
            }
            for (index, floor) in floors.enumerated() { floor?.method = FloorMethod.fastest(times[index]) }
        }
        var samples = contenders.indices.map { k in
            var samples = CellSamples(id: contenders[k].id)
            samples.floorMethod = floors[k]?.method
            return samples
        }
        for k in 0..<count {
            samples[k].wall.reserveCapacity(budget.minFrames)
            samples[k].cpu.reserveCapacity(budget.minFrames)
        }
        let start = Clock.monotonic()
        var round = 0
        while round < budget.maxFrames && (round < budget.minFrames || Clock.seconds(since: start) < budget.seconds) {
            let frame = round % views.count
            for k in RoundOrder.order(round: round, count: count) {
                let (wall, cpu) = try paced(k, frame: frame)
                samples[k].wall.append(Double(wall))
                samples[k].cpu.append(Double(cpu))
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

/// A contender's converter refused or failed a conversion during a run.
public struct ContenderFailure: Error, Equatable, CustomStringConvertible {
    /// The contender.
    public let id: ContenderID
    /// What the converter reported.
    public let error: ConversionError

    /// Names the contender and its error.
    public init(id: ContenderID, error: ConversionError) {
        self.id = id
        self.error = error
    }

    /// `LABEL: unsupported` or `LABEL: failed (status N)`.
    public var description: String { "\(label): \(error)" }

    /// The contender's label.
    public var label: String { id.description }

    /// How a report shows the contender in the cell it was left out of:
    /// `skipped: unsupported` (it does not offer the cell's matrix or
    /// orientation) or `FAILED: failed (status N)`.
    public var cellStatus: String { error == .unsupported ? "skipped: unsupported" : "FAILED: \(error)" }
}
