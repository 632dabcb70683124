import Reports

/// The counts' part of the gate's lines.
extension GateLines {
    /// `timed` (the cell's timed check; nil when the cell has none) with
    /// the cell's `counts` added: it passes only when both decisions pass,
    /// its name says ` more instructions` or ` fewer instructions`, and its
    /// detail gives the timed figures, then the counts
    /// (`countDetail(_:threshold:)`).
    static func check(_ timed: GateCheck?, cell: EntryCell, counts: [CountOutcome], threshold: Double) -> GateCheck {
        let fails = counts.contains(where: \.fails)
        let words =
            fails
            ? " more instructions" : counts.contains { $0.verdict == .fewer } ? " fewer instructions" : ""
        let timing = timed.map { "time: \($0.passed ? "pass" : "FAIL"), \($0.detail); " } ?? ""
        let count = "count: \(fails ? "FAIL" : "pass"), \(countDetail(counts, threshold: threshold))"
        return GateCheck(
            name: (timed?.name ?? "\(cell)") + words, passed: (timed?.passed ?? true) && !fails,
            detail: timing + count)
    }

    /// Each level's count as `avx2 +2.13 % (1020345 → 1042100)`, then what
    /// they are: instructions per frame, head ÷ reference, and the bound.
    static func countDetail(_ counts: [CountOutcome], threshold: Double) -> String {
        let levels = counts.map { outcome in
            switch outcome.kind {
            case .compared(let head, let reference):
                "\(outcome.level) \(percent(outcome.change ?? 0)) (\(whole(reference)) → \(whole(head)))"
            case .new: "\(outcome.level) new (not in the reference's counts)"
            case .missing: "\(outcome.level) not counted by the head"
            }
        }
        let bound =
            counts.first?.isControl == true
            ? "a control: judged with the harness" : "fails above +\(fixed(threshold * 100, 2)) %"
        return levels.joined(separator: ", ") + " (instructions per frame, head against reference; \(bound))"
    }

    /// The controls' check: they did not move (`moved` empty, `compared`
    /// counts of them in all), or the harness changed, by how much in each
    /// cell that moved.
    static func controlCheck(moved: [CountOutcome], compared: Int, tolerance: Double) -> GateCheck {
        let name =
            moved.isEmpty
            ? "the harness: the controls' instructions did not move"
            : "the harness changed: the controls' instructions moved"
        let detail =
            moved.isEmpty
            ? "\(CountPlan.controls.joined(separator: " and ")) in \(compared) cells and levels, "
                + "each within ±\(fixed(tolerance * 100, 2)) % of the reference's count"
            : moved.prefix(6).map { outcome in
                "\(outcome.cell) at \(outcome.level) "
                    + (outcome.change.map(percent) ?? "counted by one side only")
            }.joined(separator: ", ") + (moved.count > 6 ? " and \(moved.count - 6) more" : "")
                + " (the converters' counts moved with the harness; move the reference once the change is right)"
        return GateCheck(name: name, passed: moved.isEmpty, detail: detail)
    }

    /// `change` as a signed percentage with two decimals (`+2.13 %`).
    static func percent(_ change: Double) -> String {
        (change >= 0 ? "+" : "") + fixed(change * 100, 2) + " %"
    }

    /// `value` rounded to a whole number.
    static func whole(_ value: Double) -> String { fixed(value, 0) }
}
