import Reports

/// The gate's decision on instruction counts, as pure functions of the
/// head's and the reference's counts (no timing and no I/O).
///
/// Counts are deterministic, so each side's single count per cell and
/// level is compared as it is, with no interval: a converter's cell fails
/// when its instructions per frame grow by more than `threshold` at any
/// level, whatever its timing says. The controls' counts (libyuv and
/// swscale, the same libraries in both builds) must not move: when one
/// moves by more than `controlTolerance`, the harness changed what it
/// gives them, and the check says by how much (`harness(_:)`).
public struct CountComparison: Sendable {
    /// Allowed growth of a converter's instructions per frame (0.01 is 1 %).
    public var threshold: Double
    /// Allowed move of a control's count either way (0.0005 is 0.05 %: in three runs of one
    /// build the controls moved by 0.008 % at most, libyuv at 640x480 mirror).
    public var controlTolerance: Double
    /// The controls (`CountPlan.controls`).
    public var controls: Set<String>

    /// A comparison allowing `threshold` growth, the controls moving by at
    /// most `controlTolerance`.
    /// - Precondition: both are at least 0.
    public init(
        threshold: Double = 0.01, controlTolerance: Double = 0.0005, controls: Set<String> = Set(CountPlan.controls)
    ) {
        precondition(threshold >= 0 && controlTolerance >= 0, "negative threshold")
        self.threshold = threshold
        self.controlTolerance = controlTolerance
        self.controls = controls
    }

    /// The outcome of every cell and level either side counted, in cell
    /// order, then level order of the head's counts.
    public func outcomes(head: [InstructionCount], reference: [InstructionCount]) -> [CountOutcome] {
        struct Key: Hashable {
            let cell: EntryCell
            let level: String
        }
        func perFrame(_ counts: [InstructionCount]) -> [Key: Double] {
            counts.reduce(into: [:]) { table, count in
                if let cell = count.cell { table[Key(cell: cell, level: count.level)] = count.perFrame }
            }
        }
        let levels = (head + reference).map(\.level).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let new = perFrame(head)
        let base = perFrame(reference)
        let keys = Set(new.keys).union(base.keys).sorted {
            ($0.cell, levels.firstIndex(of: $0.level) ?? 0) < ($1.cell, levels.firstIndex(of: $1.level) ?? 0)
        }
        return keys.map { key in
            let isControl = controls.contains(key.cell.converter)
            let kind: CountOutcome.Kind
            switch (new[key], base[key]) {
            case (let head?, let reference?): kind = .compared(head: head, reference: reference)
            case (_?, nil): kind = .new
            default: kind = .missing
            }
            var verdict = CountOutcome.Verdict.same
            if case .compared(let head, let reference) = kind {
                if head > reference * (1 + threshold) {
                    verdict = .more
                } else if head < reference * (1 - threshold) {
                    verdict = .fewer
                }
            }
            return CountOutcome(cell: key.cell, level: key.level, kind: kind, isControl: isControl, verdict: verdict)
        }
    }

    /// The controls among `outcomes` that moved by more than
    /// `controlTolerance` either way, or that one side counted and the
    /// other did not: empty when the harness gives the peers what it gave
    /// them before.
    public func movedControls(_ outcomes: [CountOutcome]) -> [CountOutcome] {
        outcomes.filter { outcome in
            guard outcome.isControl else { return false }
            guard let change = outcome.change else { return true }
            return abs(change) > controlTolerance
        }
    }
}
