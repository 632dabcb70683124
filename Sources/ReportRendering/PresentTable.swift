import Measurement
import Presentation
import Streams

/// The `bench present` table: one row per file.
public enum PresentTable {
    /// The header and one row per run, as aligned text lines; with
    /// `settings`, each row starts with its stamping policy and scenario and
    /// names the file without its directory (the report's section).
    public static func lines(_ runs: [PresentationRun], settings: Bool = false) -> [String] {
        table(runs, settings: settings).render()
    }

    /// One row per run; with `settings`, each row starts with its stamping
    /// policy and scenario and names the file without its directory (the
    /// report's section).
    static func table(_ runs: [PresentationRun], settings: Bool = false) -> Table {
        let first: [(String, Bool)] = settings ? [("stamping", false), ("scenario", false)] : []
        var table = Table(
            first + [
                ("file", false), ("presented", true), ("lost", true), ("dup", true), ("regr", true),
                ("dur<=0", true), ("overlap", true), ("freeze", true), ("late", true),
                ("p50 us", true), ("p99 us", true), ("result", false),
            ])
        for run in runs {
            let check = run.sequence.check
            let lead = settings ? [run.sequence.policy.rawValue, "\(run.scenario)"] : []
            table.add(
                lead + [
                    settings ? VectorFiles.fileName(run.path) : run.path, "\(run.presented)/\(run.shown)",
                    "\(check.lost.count)", "\(check.count(.duplicate))",
                    "\(check.count(.regression))", "\(check.count(.nonPositiveDuration))", "\(check.count(.overlap))",
                    "\(check.count(.freeze))", "\(check.count(.late))", Format.micros(check.latency?.median),
                    Format.micros(check.latency?.p99), run.passed ? "pass" : "FAIL",
                ])
        }
        return table
    }
}
