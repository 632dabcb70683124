import Measurement
import Presentation

/// The `bench present` table: one row per file.
enum PresentTable {
    /// The header and one row per run.
    static func lines(_ runs: [PresentationRun]) -> [String] {
        var table = Table([
            ("file", false), ("presented", true), ("lost", true), ("dup", true), ("regr", true),
            ("dur<=0", true), ("overlap", true), ("freeze", true), ("late", true),
            ("p50 us", true), ("p99 us", true), ("result", false),
        ])
        for run in runs {
            let check = run.sequence.check
            table.add([
                run.path, "\(run.presented)/\(run.shown)", "\(check.lost.count)", "\(check.count(.duplicate))",
                "\(check.count(.regression))", "\(check.count(.nonPositiveDuration))", "\(check.count(.overlap))",
                "\(check.count(.freeze))", "\(check.count(.late))", Format.micros(check.latency?.median),
                Format.micros(check.latency?.p99), run.passed ? "pass" : "FAIL",
            ])
        }
        return table.render()
    }
}
