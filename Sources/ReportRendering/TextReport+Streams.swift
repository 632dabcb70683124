import Containers

/// The end-to-end sections: the serial and pipelined tables and their checks.
extension TextReport {
    /// One row per file of the serial pass.
    static func streamTable(_ runs: [StreamEntries]) -> Table {
        var table = Table([
            ("file", false), ("codec", false), ("frames", true), ("passes", true), ("decode med", true),
            ("decode p99", true),
            ("convert med", true), ("convert p99", true), ("timestamps", false), ("gaps", false),
            ("delivery", false),
        ])
        for run in runs {
            table.add([
                run.fileName + (run.error.map { " (ERROR: \($0))" } ?? ""),
                codecText(run), "\(run.frames)", "\(run.passes)", Format.microseconds(run.decode?.p50),
                Format.microseconds(run.decode?.p99),
                Format.microseconds(run.convert?.p50), Format.microseconds(run.convert?.p99),
                timestampText(run), gapText(run), deliveryText(run),
            ])
        }
        return table
    }

    /// The codec read (`AV1`; `AV1, track 2` for a file's second video
    /// track), or `?` when the file could not be read.
    static func codecText(_ run: StreamEntries) -> String {
        guard let codec = run.codec, let track = run.track else { return "?" }
        let name = Codec(rawValue: codec).map { "\($0)" } ?? codec
        return track == 1 ? name : "\(name), track \(track)"
    }

    /// One row per file: serial and pipelined frame rates and the pipelined checks.
    static func pipelineTable(serial: [StreamEntries], pipelined: [StreamEntries]) -> Table {
        var table = Table([
            ("file", false), ("frames", true), ("serial fps", true), ("pipelined fps", true),
            ("speed-up", true), ("latency med", true), ("latency p99", true), ("in order", false),
            ("delivery", false),
        ])
        for run in pipelined {
            let before = serial.first { $0.path == run.path }
            table.add([
                run.fileName + (run.error == nil ? "" : " (ERROR)"), "\(run.frames)",
                Format.fixed(before?.framesPerSecond, 0), Format.fixed(run.framesPerSecond, 0),
                Format.ratio(before.map { run.framesPerSecond / max($0.framesPerSecond, 1e-9) }),
                Format.microseconds(run.latency?.p50), Format.microseconds(run.latency?.p99),
                run.inOrder ? "yes" : "NO", deliveryText(run),
            ])
        }
        return table
    }

    /// `ok`, or the violations with their shown-frame indices (and `expected` for bad-ts files); `-` for a file that gave no frame.
    static func timestampText(_ run: StreamEntries) -> String {
        if run.frames == 0 && run.error != nil { return "-" }
        let violations = run.violations
        if violations.isEmpty { return run.expectedFailure ? "ok (UNEXPECTED: bad-ts file passed)" : "ok" }
        let kinds = Set(violations.map(\.kind)).sorted().joined(separator: "+")
        let indices =
            violations.prefix(8).map { "\($0.frame)" }.joined(separator: ",")
            + (violations.count > 8 ? ",…" : "")
        return "\(kinds) at \(indices)" + (run.expectedFailure ? " (expected)" : " FAIL")
    }

    /// `none`, or the number of gaps and where the first are; `-` for a file that gave no frame.
    static func gapText(_ run: StreamEntries) -> String {
        if run.frames == 0 && run.error != nil { return "-" }
        let gaps = run.gaps
        guard !gaps.isEmpty else { return "none" }
        return "\(gaps.count) at " + gaps.prefix(5).map { "\($0)" }.joined(separator: ",")
            + (gaps.count > 5 ? ",…" : "")
    }

    /// `monotonic`, or where delivery went wrong; `-` for a file that gave no frame.
    static func deliveryText(_ run: StreamEntries) -> String {
        if run.frames == 0 && run.error != nil { return "-" }
        if !run.inOrder { return "OUT OF ORDER" }
        if let at = run.deliveryBackwardsAt { return "BACKWARDS at \(at)" }
        return run.deliveryMonotonic ? "monotonic" : "BACKWARDS"
    }
}
