import Foundation
import TestSupport
import Testing

/// `bench compare`, run as a separate process on report files written to a
/// temporary directory: exit 0 when nothing is slower, 1 when something is,
/// 2 with one line on stderr for input that is not a comparable report.
@Suite("bench compare command line")
struct CompareCLITests {
    /// A schema-2 report of `entries` (name → per-frame samples in µs) on `machine`.
    static func report(machine: String, _ entries: [(String, [Double])]) throws -> Data {
        let benchmarks: [[String: Any]] = entries.map { name, samples in
            [
                "name": name, "real_time": samples.sorted()[(samples.count - 1) / 2], "time_unit": "us",
                "samples_us": samples,
            ]
        }
        let document: [String: Any] = [
            "json_schema_version": 2, "context": ["machine_key": machine], "benchmarks": benchmarks,
        ]
        return try JSONSerialization.data(withJSONObject: document)
    }

    @Test("exit 0 when nothing is slower, 1 when an entry is, 2 on bad input")
    func exitStatus() throws {
        try TestPaths.withTemporaryDirectory("framebench-compare") { directory in
            let samples = (0..<50).map { 100 + Double($0 % 7) }
            let write = { (name: String, data: Data) throws -> String in
                let path = directory + "/" + name
                try data.write(to: URL(fileURLWithPath: path))
                return path
            }
            let base = try write(
                "base.json", Self.report(machine: "m1", [("convert/simd/8x8", samples), ("gone", samples)]))
            let same = try write("same.json", Self.report(machine: "m1", [("convert/simd/8x8", samples.reversed())]))
            let slower = try write(
                "slower.json", Self.report(machine: "m2", [("convert/simd/8x8", samples.map { $0 * 1.5 })]))
            let notJSON = try write("broken.json", Data("{\"json_schema_version\": 2,".utf8))
            let oldSchema = try write("old.json", Data(#"{"context": {}, "benchmarks": []}"#.utf8))

            let unchanged = try BenchProcess.run(["compare", base, same])
            #expect(unchanged.status == 0, "\(unchanged.stderr)")
            #expect(unchanged.lines.first == "same kind of machine: m1")
            #expect(
                unchanged.lines.contains { $0.hasPrefix("convert/simd/8x8") && $0.hasSuffix("same") },
                "\(unchanged.stdout)"
            )
            #expect(unchanged.lines.contains("only in BASE: gone"))
            #expect(unchanged.lines.contains("0 slower, 0 faster, 1 same"))

            let regressed = try BenchProcess.run(["compare", base, slower, "--format", "markdown"])
            #expect(regressed.status == 1, "\(regressed.stderr)")
            #expect(regressed.lines.first == "comparing runs from different machines: BASE m1 vs NEW m2")
            #expect(
                regressed.stdout.contains("| `convert/simd/8x8` | time |") && regressed.stdout.contains("**slower**"))

            let json = try BenchProcess.run(["compare", base, slower, "--format=json", "--threshold", "0.6"])
            #expect(json.status == 0, "\(json.stderr)")
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let summary = try #require(document["summary"] as? [String: Any])
            #expect(summary["same"] as? Int == 1 && summary["slower"] as? Int == 0)

            for (arguments, message) in [
                ([base, directory + "/missing.json"], "missing.json: cannot read (No such file or directory)"),
                ([notJSON, base], "broken.json: not JSON"),
                ([base, oldSchema], "old.json: not a FrameBench JSON report (no json_schema_version)"),
            ] {
                let run = try BenchProcess.run(["compare"] + arguments)
                #expect(run.status == 2, "\(arguments) exited \(run.status)")
                #expect(run.stdout.isEmpty)
                let lines = run.stderr.split(separator: "\n")
                #expect(lines.count == 1 && lines.first?.hasSuffix(message) == true, "\(run.stderr)")
            }
            for arguments in [[base], [base, same, "--threshold", "-1"], [base, same, "--format", "csv"]] {
                let run = try BenchProcess.run(["compare"] + arguments)
                #expect(
                    run.status == 2 && run.stderr.split(separator: "\n").count == 1, "\(arguments) exited \(run.status)"
                )
            }
            #expect(try BenchProcess.run(["compare", "--help"]).stdout.contains("USAGE: bench compare <base> <new>"))
        }
    }

    @Test("a schema-1 report compares on medians alone: no interval, no verdict, exit 0, in every format")
    func schemaOneReport() throws {
        let fixtures = TestPaths.packageRoot + "/Tests/ReportsTests/Fixtures/"
        let one = fixtures + "schema1-report.json"
        let two = fixtures + "schema2-report.json"

        let text = try BenchProcess.run(["compare", one, one])
        #expect(text.status == 0, "\(text.stderr)")
        let simd = try #require(text.lines.first { $0.hasPrefix("convert/simd/176x144 ") })
        let cells = simd.split(separator: " ", omittingEmptySubsequences: true)
        #expect(cells[1] == "median" && cells[4] == "1.000" && cells[5] == "none", "\(simd)")
        #expect(simd.hasSuffix("none (median only)"))
        #expect(
            text.lines.contains(
                "0 slower, 0 faster, 0 same; 124 compared on medians alone (a schema-1 report has no samples: no interval, no verdict)"
            ))

        let markdown = try BenchProcess.run(["compare", two, one, "--format", "markdown"])
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(markdown.stdout.contains("| `convert/simd/640x480` | median |"))
        #expect(markdown.stdout.contains("| none |") && !markdown.stdout.contains("**"))

        let json = try BenchProcess.run(["compare", one, two, "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.count == 6)
        for entry in entries {
            #expect(entry["basis"] as? String == "median" && entry["verdict"] is NSNull)
            #expect(entry["decides"] as? Bool == false && entry["ratio_lower"] == nil && entry["samples"] == nil)
            let ratio = try #require(entry["ratio"] as? Double)
            let base = try #require(entry["base_median_us"] as? Double)
            let new = try #require(entry["new_median_us"] as? Double)
            #expect(abs(ratio - new / base) < 1e-12)
        }
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["median_only"] as? Int == 6 && summary["same"] as? Int == 0)
    }
}
