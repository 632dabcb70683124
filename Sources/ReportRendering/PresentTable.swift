import Reports

/// The `bench present` table: one row per file.
public enum PresentTable {
    /// The header and one row per run, as aligned text lines; with
    /// `settings`, each row starts with its stamping policy and scenario and
    /// names the file without its directory (the report's section).
    public static func lines(_ runs: [PresentationFigures], settings: Bool = false) -> [String] {
        table(runs, settings: settings).render()
    }

    /// One row per run; with `settings`, each row starts with its stamping
    /// policy and scenario and names the file without its directory (the
    /// report's section).
    static func table(_ runs: [PresentationFigures], settings: Bool = false) -> Table {
        let first: [(String, Bool)] = settings ? [("stamping", false), ("scenario", false)] : []
        var table = Table(
            first + [
                ("file", false), ("presented", true), ("lost", true), ("dup", true), ("regr", true),
                ("dur<=0", true), ("overlap", true), ("freeze", true), ("late", true),
                ("p50 us", true), ("p99 us", true), ("result", false),
            ])
        for run in runs {
            let lead = settings ? [run.stamping ?? "-", run.scenario ?? "-"] : []
            table.add(
                lead + [
                    settings ? StreamEntries.fileName(run.path) : run.path, "\(run.presented)/\(run.shown)",
                    "\(run.lost.count)", "\(run.duplicates)", "\(run.regressions)", "\(run.nonPositiveDurations)",
                    "\(run.overlaps)", "\(run.freezes)", "\(run.late)", Format.micros(run.latencyNanoseconds?.p50),
                    Format.micros(run.latencyNanoseconds?.p99), run.passed ? "pass" : "FAIL",
                ])
        }
        return table
    }
}
