import Converters
import Foundation
import Reports

/// The counted half of the gate: both sides' `bench count` and the checks
/// made of them beside the timed ones.
extension GateRun {
    /// Both sides' counts, or why there are none.
    enum CountSides {
        /// Counted by both, in `seconds` (the two side by side).
        case counted(head: [InstructionCount], reference: [InstructionCount], seconds: Double)
        /// Not counted, for a reason that does not fail the gate (no
        /// Valgrind here, a reference's `bench` that cannot count).
        case notCounted(reason: String)
        /// A side's count failed: the gate fails.
        case failed(reason: String)
    }

    /// The built-in converters each side's `bench count` is asked for:
    /// those measured (nil: the exact built-ins) that are counted, and the
    /// controls (`CountPlan.converters(for:)`).
    func countedConverters(_ measured: [String]?) -> [String] {
        CountPlan.converters(for: (measured ?? ConverterRegistry.names).filter(ConverterRegistry.knownNames.contains))
    }

    /// `head` and `reference` counted at once (the counts do not depend on
    /// the machine's load), each loading its `plugins`, by their own
    /// `bench count`.
    func countSides(
        head: (executable: String, plugins: [String]), reference: (executable: String, plugins: [String]),
        measured: [String]?
    ) -> CountSides {
        guard CommandRunner.find("valgrind") != nil else {
            return .notCounted(reason: "valgrind is not on PATH (scripts/bootstrap installs it): timing alone decides")
        }
        for (side, executable) in [("head", head.executable), ("reference", reference.executable)] {
            let help = try? CommandRunner.run(executable, ["count", "--help"], timeout: 60)
            guard help?.status == 0 else {
                return .notCounted(
                    reason: "the \(side)'s bench knows no 'bench count' (older than counts): timing alone decides")
            }
        }
        reporter.progress("gate: counting instructions under Callgrind, head and reference side by side")
        let start = Date()
        let converters = countedConverters(measured)
        let sides = [head, reference]
        let outcomes = CountOutcomes()
        DispatchQueue.concurrentPerform(iterations: sides.count) { index in
            let side = sides[index]
            outcomes.set(index, Self.count(side.executable, plugins: side.plugins, converters: converters))
        }
        reporter.clearProgress()
        switch (outcomes.get(0), outcomes.get(1)) {
        case (.success(let headCounts), .success(let referenceCounts)):
            return .counted(head: headCounts, reference: referenceCounts, seconds: Date().timeIntervalSince(start))
        case (.failure(let failure), _):
            return .failed(reason: "the head's count: \(failure.description)")
        case (_, .failure(let failure)):
            return .failed(reason: "the reference's count: \(failure.description)")
        }
    }

    /// One side's `bench count --json`, read back.
    private static func count(_ executable: String, plugins: [String], converters: [String])
        -> Result<[InstructionCount], CountRun.Failure>
    {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "framebench-gate-count-\(getpid())-\(UUID().uuidString).json"
        ).path
        defer { try? FileManager.default.removeItem(atPath: file) }
        var arguments = ["count", "--quiet", "--json", file, "--converters", converters.joined(separator: ",")]
        for plugin in plugins { arguments += ["--plugin", plugin] }
        guard let result = try? CommandRunner.run(executable, arguments, timeout: 3_600) else {
            return .failure(CountRun.Failure(description: "\(executable) does not start"))
        }
        guard result.status == 0 else {
            return .failure(CountRun.Failure(description: "exited \(result.status): \(result.lastErrorLine)"))
        }
        do {
            return .success(try InstructionCounts(json: try Data(contentsOf: URL(fileURLWithPath: file))).counts)
        } catch {
            return .failure(CountRun.Failure(description: "its counts \(file) cannot be read: \(error)"))
        }
    }

    /// The cells' checks: each timed outcome's line (`timedChecks`, in
    /// the order of `outcomes`) with its counts when both sides counted,
    /// then the counts of cells without a timed line, then the controls'
    /// check; with no counts, the timed lines and one line saying why.
    func cellChecks(_ outcomes: [CellOutcome], timedChecks: [GateCheck], counts: CountSides) -> [GateCheck] {
        switch counts {
        case .notCounted(let reason):
            return timedChecks + [GateCheck(name: "instruction counts not compared", passed: true, detail: reason)]
        case .failed(let reason):
            return timedChecks + [GateCheck(name: "instruction counts", passed: false, detail: reason)]
        case .counted(let head, let reference, _):
            let comparison = CountComparison(threshold: countThreshold)
            let counted = comparison.outcomes(head: head, reference: reference)
            let byCell = Dictionary(grouping: counted, by: \.cell)
            var checks = zip(outcomes, timedChecks).map { outcome, timed in
                byCell[outcome.cell].map {
                    GateLines.check(timed, cell: outcome.cell, counts: $0, threshold: countThreshold)
                } ?? timed
            }
            let timedCells = Set(outcomes.map(\.cell))
            for (cell, cellCounts) in byCell.sorted(by: { $0.key < $1.key })
            where !timedCells.contains(cell) && !cellCounts.contains(where: \.isControl) {
                checks.append(GateLines.check(nil, cell: cell, counts: cellCounts, threshold: countThreshold))
            }
            let controls = counted.filter(\.isControl)
            checks.append(
                GateLines.controlCheck(
                    moved: comparison.movedControls(controls), compared: controls.count,
                    tolerance: comparison.controlTolerance))
            return checks
        }
    }
}

/// Two sides' count results, set from the threads that count them.
private final class CountOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<[InstructionCount], CountRun.Failure>] = [:]

    /// Keeps side `index`'s `result`.
    func set(_ index: Int, _ result: Result<[InstructionCount], CountRun.Failure>) {
        lock.withLock { results[index] = result }
    }

    /// Side `index`'s result (a failure if it was never set).
    func get(_ index: Int) -> Result<[InstructionCount], CountRun.Failure> {
        lock.withLock { results[index] } ?? .failure(CountRun.Failure(description: "not counted"))
    }
}
