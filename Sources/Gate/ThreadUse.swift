import Reports

/// Whether a converter that splits frames across threads still did so in
/// the head's processes: a machine-independent check (the parallel
/// converter losing its threads shows as CPU time ≈ wall time).
public struct ThreadUse: Sendable, Equatable {
    /// Least process CPU time ÷ wall time that counts as having run on more
    /// than one thread (one thread gives about 1, two about 2).
    public static let threadedShare = 1.2

    /// The cell checked.
    public let cell: EntryCell
    /// Each head process's CPU ÷ wall time there.
    public let shares: [Double]

    /// The check of `cell` from `shares`.
    public init(cell: EntryCell, shares: [Double]) {
        self.cell = cell
        self.shares = shares
    }

    /// Whether the converter lost its threads: every process measured a
    /// share below `threadedShare`.
    public var lostThreads: Bool { !shares.isEmpty && shares.allSatisfy { $0 < Self.threadedShare } }

    /// The checks of `converters` (those that split frames of at least the
    /// run's `parallelMinimumPixels` when it has two cores or more) in the
    /// head's `runs`, one per cell where they should have split.
    public static func checks(_ runs: [ReportDocument], converters: Set<String>) -> [ThreadUse] {
        var shares: [EntryCell: [Double]] = [:]
        for run in runs {
            guard let cores = run.context.cores, cores >= 2, let minimum = run.context.parallelMinimumPixels else {
                continue
            }
            for (cell, figures) in ProcessFigures.of(run, converters: converters) where cell.pixels >= minimum {
                if let share = figures.threadShare { shares[cell, default: []].append(share) }
            }
        }
        return shares.keys.sorted().map { ThreadUse(cell: $0, shares: shares[$0]!) }
    }
}
