import Foundation
import Reports
import Statistics

/// The gate's lines: one check per cell and per thread check, the
/// processes' times, and the comparison an acceptance commit carries.
enum GateLines {
    /// A cell's outcome as a check line; a compared cell also says the
    /// smallest slowdown this run would have failed there (the one that
    /// moves the interval's lower end past `1 + threshold`).
    static func check(_ outcome: CellOutcome, result: SideBySideRun.Result, threshold: Double) -> GateCheck {
        let counts = "\(result.head.count)+\(result.reference.count) processes"
        switch outcome.kind {
        case .compared(let cpu, let relative, let wall, let verdict):
            let words = words(verdict)
            let lower = min(cpu.lower, relative?.lower ?? cpu.lower)
            let catches =
                outcome.fails ? "" : "; from ×\(fixed((1 + threshold) / lower, 2)) slower it would fail"
            let yardstick = Yardstick(of: outcome.cell).label
            let figures =
                ["cpu ×\(estimate(cpu))"]
                + [relative.map { "\(yardstick) ×\(estimate($0))" } ?? "no \(yardstick) in the reports: CPU time alone"]
                + ["wall ×\(estimate(wall))"]
            return GateCheck(
                name: "\(outcome.cell)\(words)", passed: !outcome.fails,
                detail: figures.joined(separator: ", ") + " (head ÷ reference, \(counts)\(catches))")
        case .new:
            return GateCheck(
                name: "\(outcome.cell) new", passed: true, detail: "not in the reference's reports (not gated)")
        case .missing(let reason):
            return GateCheck(
                name: "\(outcome.cell)" + (outcome.fails ? " not measured by the head" : " skipped"),
                passed: !outcome.fails, detail: "the reference measured it; the head: \(reason)")
        case .notGated(let reason, let ratios):
            return GateCheck(
                name: "\(outcome.cell) not gated", passed: true,
                detail: "\(reason); " + floorRatios(ratios, processes: result.head.count))
        }
    }

    /// The harness's outcome as a check line, which like a cell's says the
    /// smallest slowdown this run would have failed.
    static func check(_ harness: HarnessOutcome, result: SideBySideRun.Result, threshold: Double) -> GateCheck {
        let catches =
            !harness.isConclusive
            ? "; too few for a 95 % interval, not judged"
            : harness.fails ? "" : "; from ×\(fixed((1 + threshold) / harness.cpu.lower, 2)) slower it would fail"
        return GateCheck(
            name: name(harness) + words(harness.verdict), passed: !harness.fails,
            detail: "cpu ×\(estimate(harness.cpu)) (head ÷ reference of each process's geometric mean, "
                + "pair by pair over \(harness.cpu.count) pairs\(catches))")
    }

    /// How a check line and an acceptance name the harness.
    static func name(_ harness: HarnessOutcome) -> String {
        "libyuv over its \(harness.cells.count) cells (the harness)"
    }

    /// What a check line's name adds for `verdict`: ` slower`, ` faster` or nothing.
    static func words(_ verdict: Verdict) -> String {
        switch verdict {
        case .slower: " slower"
        case .faster: " faster"
        case .same: ""
        }
    }

    /// The head's own figure for a cell the reference cannot measure: each
    /// process's median time ÷ floor, as a range.
    static func floorRatios(_ ratios: [Double], processes: Int) -> String {
        guard let low = ratios.min(), let high = ratios.max() else {
            return "the head's report has no ratio to its floor"
        }
        return "head's time ÷ its floor in the same cell ×\(fixed(low, 2)) to ×\(fixed(high, 2)) "
            + "(median of per-round paired ratios, in each of \(ratios.count) of \(processes) head processes)"
    }

    /// A thread check as a check line.
    static func check(_ use: ThreadUse) -> GateCheck {
        let shares = use.shares.map { fixed($0, 2) }.joined(separator: ", ")
        return GateCheck(
            name: use.lostThreads
                ? "\(use.cell) ran on one thread" : "\(use.cell) runs on several threads",
            passed: !use.lostThreads,
            detail: "CPU ÷ wall time per head process \(shares) (at least \(fixed(ThreadUse.threadedShare, 2)))")
    }

    /// The processes' count and times.
    static func processes(_ result: SideBySideRun.Result) -> String {
        func median(_ values: [Double]) -> String { fixed(Percentile.median(values) ?? 0, 1) }
        return
            "gate: \(result.head.count) head and \(result.reference.count) reference processes in alternating pairs, \(fixed(result.seconds, 1)) s (a process: head \(median(result.headSeconds)) s, reference \(median(result.referenceSeconds)) s)"
    }

    /// What the commit moving the reference from `old` to `new` should
    /// carry, the harness's figure last.
    static func acceptance(
        old: String, new: String, why: String, result: SideBySideRun.Result, threshold: Double
    ) -> String {
        var lines = [
            "Gate reference: \(old.prefix(12)) -> \(new.prefix(12))", "",
            why, "",
            "bench gate --accept \(new.prefix(12)): \(result.head.count) processes each, alternating;",
            "new ÷ old CPU (and wall) time per frame, Hodges-Lehmann over processes [95 %]:",
        ]
        for outcome in result.outcomes {
            guard case .compared(let cpu, let relative, let wall, let verdict) = outcome.kind else {
                let text =
                    switch outcome.kind {
                    case .new: "new"
                    case .notGated(let reason, _): "not gated: \(reason)"
                    default: "not measured by the new commit"
                    }
                lines.append("  \(outcome.cell): \(text)")
                continue
            }
            let mark = verdict == .same ? "" : " (\(verdict.rawValue) beyond \(fixed(threshold * 100, 0)) %)"
            let ratio = relative.map { ", \(Yardstick(of: outcome.cell).label) \(estimate($0))" } ?? ""
            lines.append("  \(outcome.cell): cpu \(estimate(cpu))\(ratio), wall \(estimate(wall))\(mark)")
        }
        if let harness = result.harness {
            lines.append(
                "  \(name(harness)): cpu \(estimate(harness.cpu)), pair by pair (sign test"
                    + (harness.isConclusive ? ")" : ", \(harness.cpu.count) pairs: below 95 %)"))
        }
        lines.append("")
        lines.append("wrote \(GateReference.path); commit it on its own with this message.")
        return lines.joined(separator: "\n")
    }

    /// `value` with `digits` decimals (`-` when not finite), as the
    /// report's tables write figures.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "-"
    }

    /// A ratio estimate as `median [lower,upper]` (its 95 % interval), two
    /// decimals each.
    static func estimate(_ estimate: RatioEstimate) -> String {
        "\(fixed(estimate.median, 2)) [\(fixed(estimate.lower, 2)),\(fixed(estimate.upper, 2))]"
    }
}
