import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The `bench` command line, run as a separate process: usage errors,
/// `verify` lines and exit codes, the report's JSON and HTML files, and the
/// gate's refusal of an unknown reference and of debug builds.
@Suite("bench command line")
struct BenchCLITests {
    /// Runs `bench arguments` in `directory` (default: the package root).
    static func bench(_ arguments: [String], in directory: String = TestPaths.packageRoot) throws -> BenchProcess.Run {
        try BenchProcess.run(arguments, in: directory)
    }

    /// The package's committed `Vectors/` directory, after requiring that it
    /// holds `file`.
    static func committedVectors(holding file: String) throws -> String {
        let directory = TestPaths.packageRoot + "/Vectors"
        try #require(FileManager.default.fileExists(atPath: directory + "/" + file))
        return directory
    }

    /// The report `bench --json` wrote at `path` and its `context`, after
    /// expecting schema version 2 and the median as `real_time`.
    static func reportDocument(_ path: String) throws -> (document: [String: Any], context: [String: Any]) {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(document["json_schema_version"] as? Int == 2)
        let context = try #require(document["context"] as? [String: Any])
        #expect((context["real_time_statistic"] as? String)?.hasPrefix("median") == true)
        return (document, context)
    }

    /// Whether the binary under test is a debug build (its report says so first).
    static func isDebugBinary() throws -> Bool {
        let run = try bench([
            "--only-sizes", "2x2", "--seconds", "0", "--min-frames", "1", "--max-frames", "1",
            "--warmup", "0", "--no-vectors", "--quiet",
        ])
        return run.stdout.hasPrefix("DEBUG BUILD")
    }

    @Test("--help exits 0 and names every subcommand; each subcommand has generated help; --version")
    func help() throws {
        let run = try Self.bench(["--help"])
        #expect(run.status == 0)
        for word in ["report (default)", "verify", "gate", "decode", "compare"] {
            #expect(run.stdout.contains(word), "help lacks \(word)")
        }
        let report = try Self.bench(["report", "--help"])
        #expect(report.status == 0)
        for word in ["--json", "--html", "--pipeline", "--scaling", "--pace", "--only-sizes", "1...64"] {
            #expect(report.stdout.contains(word), "report help lacks \(word)")
        }
        for command in ["verify", "gate", "decode", "compare"] {
            let help = try Self.bench([command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("USAGE: bench \(command)"), "\(command) --help")
        }
        let version = try Self.bench(["--version"])
        #expect(version.status == 0 && version.stdout.split(separator: ".").count == 3, "\(version.stdout)")
        let completion = try Self.bench(["--generate-completion-script", "bash"])
        #expect(completion.status == 0 && completion.stdout.contains("complete"))
    }

    @Test(
        "unknown options, bad values and missing arguments: one line on stderr, exit 2",
        arguments: [
            ["--bogus"], ["--sizes", "0x5"], ["--sizes", "big"], ["--seconds", "abc"], ["--matrix", "bt999"],
            ["--converters", "nope"], ["--converters", ""], ["--min-frames", "0"], ["--pace", "0"],
            ["--threads", "0"], ["--threads", "65"], ["--stream-converter", "simdd"], ["--json", "/tmp"],
            ["--html", "/no/such/dir/x.html"], ["frob"], ["verify"], ["verify", "--bogus", "x.ivf"],
            ["decode"], ["decode", "a.ivf", "--threads", "65"], ["decode", "a.ivf", "--bgra", "nope"],
            ["gate", "--threshold", "-1"], ["gate", "--pairs", "3"], ["gate", "--pairs", "6", "--max-pairs", "5"],
            ["gate", "HEAD"], ["gate", "--accept"], ["gate", "--accept", "--why", " "], ["gate", "--reference"],
            ["gate", "--keep-reports", "/no/such/dir"], ["gate", "--converters", "nope"],
            ["present", "--json", "Vectors/size-2x2.ivf", "Vectors/size-3x5.ivf"], ["--deadline", "-1"],
            ["present", "--json", "Vectors/containers/vp8-rt-320x180.webm", "Vectors/size-2x2.ivf"],
            ["present", "--json", "clip.MP4", "Vectors/size-2x2.ivf"],
            ["--track", "2"], ["--vectors", "Vectors/size-2x2.ivf", "--track", "0"], ["check", "--track", "2"],
        ])
    func usageErrors(_ arguments: [String]) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.isUsageError, "\(arguments): \(run.shown)")
    }

    @Test("an unreadable --vectors input is an error (exit 1, one line naming it), not a row of passing checks")
    func unreadableVectors() throws {
        try TestPaths.withTemporaryDirectory("framebench-cli") { directory in
            let run = try Self.bench(
                [
                    "--vectors", "/no/such/dir", "--only-sizes", "8x8", "--seconds", "0", "--min-frames", "2",
                    "--max-frames", "2", "--warmup", "0", "--quiet",
                ], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr == "bench: /no/such/dir: cannot read: No such file or directory\n", "\(run.stderr)")
            let row = try #require(run.lines.first { $0.hasPrefix("dir (ERROR") })
            #expect(!row.contains("ok") && !row.contains("monotonic"), "\(row)")
        }
    }

    @Test(
        "report --vectors FILE --track 2 runs the file's second video track end to end: its row and JSON entries name it, and standard error says once that the other track was ignored"
    )
    func reportChosenTrack() throws {
        let file = try TwoTrackFile.make()
        defer { try? FileManager.default.removeItem(atPath: file) }
        try TestPaths.withTemporaryDirectory("framebench-cli") { directory in
            let json = directory + "/report.json"
            let run = try Self.bench(
                [
                    "--vectors", file, "--track", "2", "--no-presentation", "--only-sizes", "8x8", "--seconds", "0",
                    "--min-frames", "2", "--max-frames", "2", "--warmup", "0", "--converters", "scalar", "--quiet",
                    "--json", json,
                ], in: directory)
            #expect(run.status == 0, "\(run.shown)")
            let name = URL(fileURLWithPath: file).lastPathComponent
            let row = try #require(run.lines.first { $0.hasPrefix(name) }, "\(run.stdout)")
            #expect(row.contains("AV1, track 2"), "\(row)")
            #expect(
                run.stderr == "bench: \(file): Matroska/WebM, AV1 track 2; 1 other tracks ignored\n", "\(run.stderr)")
            let benchmarks = try #require(try Self.reportDocument(json).document["benchmarks"] as? [[String: Any]])
            let streams = benchmarks.filter { $0["file"] as? String == file }
            #expect(
                !streams.isEmpty && streams.allSatisfy { $0["track"] as? Int == 2 && $0["codec"] as? String == "av1" })
        }
    }

    @Test(
        "report --vectors naming a file twice (by another path) runs it once and writes JSON that compare reads; two files of one name are refused, exit 2"
    )
    func reportVectorsOnce() throws {
        let vectors = try Self.committedVectors(holding: "size-3x5.ivf")
        try TestPaths.withTemporaryDirectory("framebench-cli") { directory in
            let json = directory + "/report.json"
            let short = [
                "--no-presentation", "--only-sizes", "8x8", "--seconds", "0", "--min-frames", "2", "--max-frames", "2",
                "--warmup", "0", "--converters", "scalar", "--quiet",
            ]
            // Run outside the package so Vectors/ is not picked up by default.
            let run = try Self.bench(
                [
                    "--vectors", vectors + "/size-3x5.ivf", "--vectors", vectors + "/../Vectors/size-3x5.ivf", "--json",
                    json,
                ]
                    + short, in: directory)
            #expect(run.status == 0, "\(run.shown)")
            #expect(run.lines.filter { $0.hasPrefix("size-3x5.ivf") }.count == 1, "\(run.stdout)")
            let compare = try Self.bench(["compare", json, json], in: directory)
            #expect(compare.status == 0, "\(compare.shown)")
            let copy = directory + "/size-3x5.ivf"
            try FileManager.default.copyItem(atPath: vectors + "/size-3x5.ivf", toPath: copy)
            let clash = try Self.bench(
                ["--vectors", vectors + "/size-3x5.ivf", "--vectors", copy] + short, in: directory)
            #expect(clash.isUsageError, "\(clash.shown)")
            #expect(clash.stderr.contains("would share the report's entry names"), "\(clash.stderr)")
        }
    }

    @Test("gate with a reference that names no commit: one line naming it, exit 2, in any build")
    func gateUnknownReference() throws {
        let run = try Self.bench(["gate", "--reference", "no-such-revision", "--quiet"])
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("bench: gate: reference no-such-revision: not a commit here") == true)
    }

    @Test("a bad choice names the choices")
    func choicesListed() throws {
        let run = try Self.bench(["--stream-converter", "simdd"])
        #expect(run.stderr.contains("scalar") && run.stderr.contains("libyuv"), "\(run.stderr)")
    }

    @Test(
        "an unknown FRAMEBENCH_SIMD or FRAMEBENCH_STORES value is refused with one line, exit 2",
        arguments: [["FRAMEBENCH_SIMD": "bogus"], ["FRAMEBENCH_STORES": "bogus"]])
    func unknownEnvironmentValue(_ environment: [String: String]) throws {
        let run = try BenchProcess.run(["verify", "Vectors/size-2x2.ivf"], environment: environment)
        #expect(run.status == 2 && run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("bogus"), "\(run.stderr)")
    }

    @Test("verify passes every official vector", .enabled(if: !TestPaths.officialVectors.isEmpty))
    func verifyOfficial() throws {
        let run = try Self.bench(["verify", TestPaths.officialVectorsDirectory])
        let count = TestPaths.officialVectors.count
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.lines.filter { $0.hasSuffix("  pass") }.count == count)
        #expect(run.lines.contains("\(count) passed, 0 failed"))
    }

    @Test("verify fails the bad-ts vectors on timestamps alone, as expected, passes the rest, exits 0")
    func verifyOwnVectors() throws {
        let files = TestPaths.ownVectors
        try #require(!files.isEmpty, "no Vectors/")
        let run = try Self.bench(["verify"] + TestPaths.ownVectorDirectories)
        #expect(run.status == 0)
        let bad = files.filter { ($0 as NSString).lastPathComponent.hasPrefix("bad-ts-") }
        #expect(!bad.isEmpty)
        for line in run.lines where line.contains("/Vectors/") {
            if line.contains("/bad-ts-") {
                #expect(line.contains("expected failure: FAIL: timestamps at frame "), "\(line)")
            } else {
                #expect(line.hasSuffix("  pass"), "\(line)")
            }
        }
        #expect(run.lines.contains("\(files.count) passed, 0 failed (\(bad.count) passed as expected failures)"))
        #expect(
            run.lines.contains { $0.hasPrefix("swscale (peer, tolerance 4) over every frame: max |Δ| ") },
            "\(run.stdout)")
    }

    @Test("verify names the check and frame of a sidecar mismatch")
    func verifyMismatch() throws {
        let source = try Self.committedVectors(holding: "size-176x144.ivf.md5") + "/size-176x144.ivf"
        try TestPaths.withTemporaryDirectory("framebench-cli") { directory in
            let copy = directory + "/tampered.ivf"
            try FileManager.default.copyItem(atPath: source, toPath: copy)
            var lines = try String(contentsOfFile: source + ".md5", encoding: .utf8).split(separator: "\n").map(
                String.init)
            lines[2] = String(repeating: "0", count: 32) + lines[2].dropFirst(32)
            try (lines.joined(separator: "\n") + "\n").write(toFile: copy + ".md5", atomically: true, encoding: .utf8)
            let run = try Self.bench(["verify", copy, directory + "/missing.ivf"])
            #expect(run.status == 1)
            #expect(
                run.lines.contains { $0.hasPrefix(copy + " ") && $0.contains("  FAIL: md5 at frame 2 (packet 3") },
                "\(run.stdout)")
            #expect(
                run.lines.contains { $0.hasSuffix("FAIL: read (cannot read: No such file or directory)") },
                "\(run.stdout)")
            #expect(run.lines.contains("0 passed, 2 failed"))
        }
    }

    @Test("--pace idles one frame interval before each timed conversion, outside the timing, and says so")
    func pacedReport() throws {
        try TestPaths.withTemporaryDirectory("framebench-cli") { directory in
            let json = directory + "/paced.json"
            let frames = 4
            let gapMicroseconds = 20_000.0
            let run = try Self.bench([
                "--only-sizes", "8x8", "--seconds", "0", "--min-frames", "\(frames)",
                "--max-frames", "\(frames)", "--warmup", "0", "--no-vectors", "--pace", "50",
                "--json", json,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("paced: 20.0 ms idle before each synthetic conversion"))
            let (document, context) = try Self.reportDocument(json)
            #expect(context["idle_gap_ms"] as? Double == gapMicroseconds / 1000)
            let cells = try #require(document["benchmarks"] as? [[String: Any]]).filter {
                ($0["name"] as? String)?.hasPrefix("convert/") == true
            }
            #expect(cells.count >= 2)
            for cell in cells {
                // An 8×8 conversion takes microseconds: a gap inside the timing would show.
                let median = try #require(cell["real_time"] as? Double)
                #expect(median < gapMicroseconds / 2, "\(cell["name"] ?? "?") timed \(median) µs")
            }
            // Every timed conversion (frames × cells) slept first.
            let seconds = try #require(context["bench_seconds"] as? Double)
            #expect(seconds >= Double(frames * cells.count) * gapMicroseconds / 1e6, "took \(seconds) s")
        }
    }

    @Test("a tiny report writes Google Benchmark JSON and a self-contained HTML page")
    func reportFiles() throws {
        let vectors = try Self.committedVectors(holding: "bad-ts-backwards.ivf")
        try TestPaths.withTemporaryDirectory("framebench-cli") { directory in
            let json = directory + "/report.json"
            let html = directory + "/report.html"
            // Run outside the package so Vectors/ is not picked up by default.
            let run = try Self.bench(
                [
                    "--only-sizes", "48x32,7x5", "--seconds", "0", "--min-frames", "3", "--max-frames", "3",
                    "--warmup", "1", "--vectors", vectors + "/size-33x17.ivf",
                    "--vectors", vectors + "/bad-ts-backwards.ivf", "--pipeline", "--scaling",
                    "--json", json, "--html", html,
                ], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            let first = run.lines.first { !$0.hasPrefix("DEBUG BUILD") } ?? ""
            #expect(first.hasPrefix("machine: "), "\(first)")
            #expect(run.stdout.contains("backwards at 4 (expected)"))

            let (document, context) = try Self.reportDocument(json)
            #expect(context["num_cpus"] as? Int ?? 0 >= 1)
            #expect(context["library_build_type"] as? String != nil)
            let benchmarks = try #require(document["benchmarks"] as? [[String: Any]])
            var byName: [String: [String: Any]] = [:]
            for entry in benchmarks {
                let name = try #require(entry["name"] as? String)
                #expect(entry["real_time"] as? Double != nil, "\(name) lacks real_time")
                // CPU time is measured for conversions only; stream entries must not fake it.
                #expect((entry["cpu_time"] as? Double != nil) == !name.hasPrefix("stream/"), "\(name): cpu_time")
                #expect((entry["samples_us"] as? [Double])?.isEmpty == false, "\(name) lacks samples_us")
                #expect(entry["time_unit"] as? String == "us")
                #expect(entry["iterations"] as? Int ?? 0 >= 1)
                byName[name] = entry
            }
            for converter in ["scalar", "lut", "simd", "parallel", "libyuv"] {
                let entry = try #require(byName["convert/\(converter)/48x32"], "no entry for \(converter)")
                #expect(entry["iterations"] as? Int == 3)
                #expect(entry["bit_exact"] as? Bool == true)
                #expect(entry["p99"] as? Double != nil && entry["ratio_to_libyuv"] as? Double != nil)
                let interval = try #require(entry["ratio_to_libyuv_ci"] as? [Double])
                let ratio = try #require(entry["ratio_to_libyuv"] as? Double)
                #expect(interval.count == 2 && interval[0] <= ratio && ratio <= interval[1])
                #expect(entry["ratio_to_floor_ci"] as? [Double] != nil)
            }
            #expect(byName["convert/libyuv/7x5"]?["ratio_to_libyuv"] as? Double == 1)
            #expect(byName["convert/floor/48x32"] != nil)
            let bad = try #require(byName["stream/serial/bad-ts-backwards.ivf/decode"])
            #expect(bad["timestamps_monotonic"] as? Bool == false)
            #expect(bad["expected_failure"] as? Bool == true)
            #expect(bad["timestamp_violations"] as? [Int] == [4])
            let piped = try #require(byName["stream/pipelined/size-33x17.ivf/convert"])
            #expect(piped["in_order"] as? Bool == true && piped["delivery_monotonic"] as? Bool == true)
            #expect(byName.keys.contains { $0.hasPrefix("scaling/threads:1/") })

            let page = try String(contentsOfFile: html, encoding: .utf8)
            #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("</html>"))
            #expect(page.components(separatedBy: "<svg").count >= 5, "expected several inline charts")
            #expect(
                !page.contains("src=") && !page.contains("<link") && !page.contains("<script"), "page loads something")
            for mark in [
                "id=\"chart-ratio\"", "class=\"errbar\"", "class=\"floor-line\"", "id=\"chart-scaling\"",
                "memory floor: the fastest the bytes can move",
            ] {
                #expect(page.contains(mark), "page lacks \(mark)")
            }
        }
    }

    @Test(
        "--json without a file writes the document alone to standard output and the text to standard error",
        arguments: [["--json"], ["--json", "-"], ["--json", "--quiet"], ["--json=-"]])
    func jsonToStandardOutput(_ json: [String]) throws {
        let run = try Self.bench(
            [
                "--only-sizes", "16x8", "--converters", "scalar", "--orientation", "upright", "--seconds", "0",
                "--min-frames", "2", "--max-frames", "2", "--warmup", "0", "--no-vectors",
            ] + json)
        #expect(run.status == 0, "\(run.shown)")
        #expect(run.reportEntryNames?.contains("convert/scalar/16x8") == true, "\(run.shown)")
        #expect(run.stderr.contains("machine: "), "the text report is not on standard error")
        #expect(!FileManager.default.fileExists(atPath: TestPaths.packageRoot + "/-"))
    }

    @Test("the gate refuses debug numbers (exit 2) once its reference is known")
    func gate() throws {
        guard try Self.isDebugBinary() else { return }  // a release build would run the whole gate
        let run = try Self.bench(["gate", "--reference", "HEAD", "--quiet"])
        #expect(run.status == 2)
        #expect(run.stdout.contains("DEBUG BUILD: the gate refuses"), "\(run.stdout)")
    }
}
