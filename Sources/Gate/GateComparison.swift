import Foundation
import Reports
import Statistics

/// The gate's decision on the head against the reference, as pure
/// functions of the processes' reports (no timing and no I/O).
///
/// Each process measures every gated cell once; its figure for a cell is
/// one number (the mean CPU time per frame). The head's figures and the
/// reference's are two samples of processes, and head ÷ reference is their
/// Hodges–Lehmann ratio with the Mann–Whitney 95 % interval
/// (`ShiftEstimate`): the unit is the process, so the interval includes how
/// much a whole process moves (where its memory landed, what else ran),
/// not only how much frames move within one.
///
/// A cell is slower only when its CPU time is slower and so is its time
/// relative to a yardstick measured in the same rounds of the same
/// processes, each with its whole interval above `1 + threshold`: for a
/// converter, its CPU time relative to libyuv's (libyuv is the same library
/// in both builds, so a slowdown libyuv shows as well came from the machine
/// or the harness); for libyuv, its time relative to the memory floor's (a
/// whole process, or a whole run, of one side can move by 5-10 %, libyuv and
/// the floor with it, where a change in how FrameBench calls libyuv in one
/// cell moves libyuv alone). A slowdown of the harness itself moves every
/// cell alike, and `harness(head:reference:)` judges libyuv over all its
/// cells at once for it.
public struct GateComparison: Sendable {
    /// Allowed slowdown: a cell fails when the whole interval of head ÷
    /// reference lies above `1 + threshold`.
    public var threshold: Double
    /// The converters whose cells are gated (the exact built-ins and libyuv
    /// by default, and the plug-in converters a gate run measures; peers
    /// and floors are never gated).
    public var converters: Set<String>
    /// The layouts whose cells are compared (nil: every layout); cells of
    /// other layouts in either side's reports are left out.
    public var layouts: Set<String>?
    /// Per layout the reference's `bench` cannot measure, why (`the
    /// reference's bench (COMMIT) knows no --layout`): the head's cells in
    /// it are `notGated` rather than `new`.
    public var referenceLacks: [String: String] = [:]

    /// A comparison gating `converters` (in `layouts`, nil: all) at `threshold`.
    /// - Precondition: `threshold >= 0`.
    public init(threshold: Double = 0.05, converters: Set<String>, layouts: Set<String>? = nil) {
        precondition(threshold >= 0, "negative threshold")
        self.threshold = threshold
        self.converters = converters
        self.layouts = layouts
    }

    /// The outcome of every cell the head or the reference measured, in
    /// cell order; a cell the head left out is `missing` with the reason its
    /// report gives (`unsupported`, `failed (status 1)`).
    public func outcomes(head: [ReportDocument], reference: [ReportDocument]) -> [CellOutcome] {
        let notMeasured = head.reduce(into: [EntryCell: String]()) {
            $0.merge($1.notMeasuredReasons) { first, _ in first }
        }
        let headFigures = head.map { ProcessFigures.of($0, converters: converters) }
        let referenceFigures = reference.map { ProcessFigures.of($0, converters: converters) }
        let cells = Set(headFigures.flatMap(\.keys)).union(referenceFigures.flatMap(\.keys)).filter {
            layouts?.contains($0.layout) ?? true
        }
        return cells.sorted().map { cell in
            let new = headFigures.compactMap { $0[cell] }
            let base = referenceFigures.compactMap { $0[cell] }
            if base.isEmpty, let reason = referenceLacks[cell.layout] {
                return CellOutcome(
                    cell: cell, kind: .notGated(reason: reason, headFloorRatios: new.compactMap(\.toFloor)))
            }
            guard !base.isEmpty else { return CellOutcome(cell: cell, kind: .new) }
            guard !new.isEmpty,
                let cpu = ShiftEstimate.ratio(of: new.map(\.cpu), to: base.map(\.cpu)),
                let wall = ShiftEstimate.ratio(of: new.map(\.wall), to: base.map(\.wall))
            else {
                return CellOutcome(cell: cell, kind: .missing(reason: notMeasured[cell] ?? "not measured"))
            }
            let yardstick = Yardstick(of: cell)
            let newRatios = new.compactMap(yardstick.figure)
            let baseRatios = base.compactMap(yardstick.figure)
            let relative =
                newRatios.count == new.count && baseRatios.count == base.count
                ? ShiftEstimate.ratio(of: newRatios, to: baseRatios) : nil
            var verdict = Verdict(cpu, threshold: threshold)
            if verdict == .slower, let relative, Verdict(relative, threshold: threshold) != .slower { verdict = .same }
            return CellOutcome(cell: cell, kind: .compared(cpu: cpu, relative: relative, wall: wall, verdict: verdict))
        }
    }

    /// The harness judged by libyuv over every cell at once: each process's
    /// geometric mean of libyuv's CPU time per frame over the libyuv cells
    /// (in `layouts`) that every process of both sides measured, and head ÷
    /// reference of those means pair by pair (`head[i]` and `reference[i]`
    /// ran back to back), as the median of the pairs' ratios with its
    /// sign-test interval, judged only from the 6 pairs that interval needs
    /// to reach 95 %. A slowdown of the harness (its timing or its
    /// buffers) moves all of the cells, where one cell's noise weighs one
    /// part in as many as there are cells; the figure has no yardstick, so
    /// it is paired to cancel what drifts slower than a pair (the machine
    /// slowing over a run). Nil when libyuv is not gated, when either side
    /// has no process, or when no libyuv cell is in every process.
    public func harness(head: [ReportDocument], reference: [ReportDocument]) -> HarnessOutcome? {
        guard converters.contains(EntryCell.referenceConverter) else { return nil }
        let libyuv: Set = [EntryCell.referenceConverter]
        let headFigures = head.map { ProcessFigures.of($0, converters: libyuv) }
        let referenceFigures = reference.map { ProcessFigures.of($0, converters: libyuv) }
        let processes = headFigures + referenceFigures
        guard let first = processes.first else { return nil }
        let cells = first.keys.filter { cell in
            (layouts?.contains(cell.layout) ?? true) && processes.allSatisfy { $0[cell] != nil }
        }.sorted()
        func geometricMean(_ figures: [EntryCell: ProcessFigures]) -> Double {
            exp(cells.map { log(figures[$0]!.cpu) }.reduce(0, +) / Double(cells.count))
        }
        guard !cells.isEmpty,
            let cpu = RatioEstimate(
                paired: headFigures.map(geometricMean), over: referenceFigures.map(geometricMean))
        else { return nil }
        let isConclusive = MedianInterval.reachesConfidence(count: cpu.count)
        return HarnessOutcome(
            cells: cells, cpu: cpu, isConclusive: isConclusive,
            verdict: isConclusive ? Verdict(cpu, threshold: threshold) : .same)
    }

    /// Whether more processes could change a verdict: some compared cell's
    /// CPU interval, or the `harness`'s, reaches across `1 + threshold` (it
    /// passes now, but its lower end is not clear of the bound while its
    /// upper end is beyond it), or the harness has too few pairs to be judged.
    public func isUndecided(_ outcomes: [CellOutcome], harness: HarnessOutcome? = nil) -> Bool {
        if let harness, !harness.isConclusive || reachesAcross(harness.cpu, harness.verdict) { return true }
        return outcomes.contains { outcome in
            guard case .compared(let cpu, _, _, let verdict) = outcome.kind else { return false }
            return reachesAcross(cpu, verdict)
        }
    }

    /// Whether `cpu`, judged `verdict`, passes but reaches past `1 + threshold`.
    private func reachesAcross(_ cpu: RatioEstimate, _ verdict: Verdict) -> Bool {
        verdict != .slower && cpu.upper > 1 + threshold
    }
}
