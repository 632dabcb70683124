import Foundation
import TestSupport
import Testing

/// `bench --layout`: NV12 cells in the report, the JSON and the page.
@Suite("bench --layout")
struct LayoutCLITests {
    @Test("--layout i420,nv12 measures each cell in both, names NV12 entries as issue 26 does, says what NV12 costs")
    func report() throws {
        try TestPaths.withTemporaryDirectory("framebench-layout") { directory in
            let json = directory + "/report.json"
            let html = directory + "/report.html"
            let run = try BenchProcess.run(
                [
                    "--only-sizes", "48x32", "--orientation", "upright,rotate90", "--layout", "i420,nv12",
                    "--seconds", "0", "--min-frames", "20", "--max-frames", "20", "--warmup", "1", "--no-vectors",
                    "--quiet", "--converters", "scalar,simd", "--json", json, "--html", html,
                ], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("What NV12 costs next to I420"))
            #expect(run.lines.contains { $0.hasPrefix("48x32 nv12 rotate90") })
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
            let entries = try #require(document["benchmarks"] as? [[String: Any]])
            var byName: [String: [String: Any]] = [:]
            for entry in entries { byName[try #require(entry["name"] as? String)] = entry }
            for converter in ["scalar", "simd", "libyuv"] {
                for (name, layout) in [
                    ("convert/\(converter)/48x32", "i420"), ("convert/\(converter)/48x32/rotate90", "i420"),
                    ("convert/\(converter)/48x32/nv12", "nv12"), ("convert/\(converter)/48x32/nv12/rotate90", "nv12"),
                ] {
                    let entry = try #require(byName[name], "no entry \(name)")
                    #expect(entry["layout"] as? String == layout, "\(name)")
                    #expect(entry["bit_exact"] as? Bool == true, "\(name)")
                }
            }
            #expect(byName["convert/floor/48x32/nv12"]?["layout"] as? String == "nv12")
            #expect(byName["convert/simd/48x32/nv12"]?["ratio_to_i420_ci"] as? [Double] != nil)
            #expect(byName["convert/simd/48x32"]?["ratio_to_i420"] == nil)
            let page = try String(contentsOfFile: html, encoding: .utf8)
            #expect(page.contains("48x32 nv12") && page.contains("What NV12 costs next to I420"))
        }
    }

    @Test("without --layout only I420 cells are measured, named as before layouts")
    func defaultIsI420() throws {
        let run = try BenchProcess.run([
            "--only-sizes", "8x6", "--seconds", "0", "--min-frames", "3", "--max-frames", "3", "--warmup", "0",
            "--no-vectors", "--quiet", "--converters", "scalar",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("nv12") && !run.stdout.contains("What NV12 costs"))
    }
}
