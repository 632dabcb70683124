import Statistics

/// Two runs of `bench --json` compared entry by entry, matched by name: for
/// each entry in both, new/base with its 95 % interval and a verdict (or,
/// for an entry of a schema-1 report, which has no samples, new/base of the
/// medians alone).
///
/// Pure: it reads nothing and prints nothing, so every figure and line is
/// the same for the same runs.
public struct RunComparison: Sendable, Equatable {
    /// The threshold used when none is given: 5 %.
    public static let defaultThreshold = 0.05

    /// The relative change below which an entry is `same` (0.05 = 5 %).
    public let threshold: Double
    /// The base run's `machine_key` (nil: not in the report).
    public let baseMachine: String?
    /// The new run's `machine_key` (nil: not in the report).
    public let newMachine: String?
    /// The entries in both runs, in the base run's order.
    public let entries: [EntryComparison]
    /// Names only the base run has, in its order.
    public let onlyInBase: [String]
    /// Names only the new run has, in its order.
    public let onlyInNew: [String]

    /// Compares `new` with `base` at `threshold`.
    /// - Precondition: `threshold` is finite and not negative.
    /// - Throws: `ComparisonError.noEntriesInCommon` when no name is in both.
    public init(base: ReportDocument, new: ReportDocument, threshold: Double = defaultThreshold) throws(ComparisonError)
    {
        precondition(threshold >= 0 && threshold.isFinite, "bad threshold")
        var newByName: [String: ReportEntry] = [:]
        for entry in new.benchmarks { newByName[entry.name] = entry }
        let baseNames = Set(base.benchmarks.map(\.name))
        entries = base.benchmarks.compactMap { entry in
            newByName[entry.name].map { EntryComparison(base: entry, new: $0, threshold: threshold) }
        }
        guard !entries.isEmpty else { throw .noEntriesInCommon }
        self.threshold = threshold
        baseMachine = base.machineKey
        newMachine = new.machineKey
        onlyInBase = base.benchmarks.map(\.name).filter { newByName[$0] == nil }
        onlyInNew = new.benchmarks.map(\.name).filter { !baseNames.contains($0) }
    }

    /// Whether both runs name the same kind of machine (false when either
    /// does not name one).
    public var sameMachine: Bool {
        baseMachine != nil && baseMachine == newMachine
    }

    /// The line that opens every text rendering:
    /// `same kind of machine: KEY` when both runs name the same machine
    /// key, else `comparing runs from different machines: BASE KEY vs NEW
    /// KEY` (a missing key shows as `unknown`; it is not taken to match).
    public var machineLine: String {
        if sameMachine, let key = baseMachine { return "same kind of machine: \(key)" }
        return
            "comparing runs from different machines: BASE \(baseMachine ?? "unknown") vs NEW \(newMachine ?? "unknown")"
    }

    /// The number of deciding entries (`EntryComparison.decides`) with `verdict`.
    public func count(_ verdict: Verdict) -> Int {
        entries.count { $0.decides && $0.verdict == verdict }
    }

    /// The number of entries compared on their medians alone
    /// (`EntryComparison.isMedianOnly`).
    public var medianOnlyCount: Int { entries.count(where: \.isMedianOnly) }

    /// `N slower, M faster, K same` over the deciding entries, then how many
    /// references (floors, libyuv, libvpx's decodes) and how many end-to-end
    /// timings moved beyond the threshold, when any did, and how many
    /// entries were compared on their medians alone, when any were.
    public var summaryLine: String {
        var line = "\(count(.slower)) slower, \(count(.faster)) faster, \(count(.same)) same"
        /// Whether `entry` has a verdict other than `same`.
        func moved(_ entry: EntryComparison) -> Bool { entry.verdict.map { $0 != .same } ?? false }
        let references = entries.count { $0.isReference && moved($0) }
        if references > 0 {
            line += "; \(references) reference\(references == 1 ? "" : "s") moved (the machine's, not a verdict)"
        }
        let endToEnd = entries.count { $0.isEndToEnd && moved($0) }
        if endToEnd > 0 {
            line += "; \(endToEnd) end-to-end timing\(endToEnd == 1 ? "" : "s") moved (not a verdict)"
        }
        let medianOnly = medianOnlyCount
        if medianOnly > 0 {
            line +=
                "; \(medianOnly) compared on medians alone (a schema-1 report has no samples: no interval, no verdict)"
        }
        return line
    }

    /// Whether some deciding entry is `slower` (the command then exits 1);
    /// references and end-to-end timings never decide.
    public var hasSlower: Bool {
        entries.contains { $0.decides && $0.verdict == .slower }
    }
}
