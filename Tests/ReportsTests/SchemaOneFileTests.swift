import Foundation
import Reports
import Testing

/// A report written by `bench --json` at commit f65f67f, the last before
/// schema 2 (no `json_schema_version`, no samples, no intervals), committed
/// as written: what an earlier run kept for comparison looks like.
@Suite struct SchemaOneFileTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/schema1-report.json").path

    /// The committed file's document.
    static func document() throws -> ReportDocument {
        try ReportDocument(json: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The committed file's entries as `JSONSerialization` reads them,
    /// independently of `ReportDocument`.
    static func entryObjects() throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["json_schema_version"] == nil)
        return try #require(root["benchmarks"] as? [[String: Any]])
    }

    @Test("it reads as schema 1: every entry in file order, its real_time the median, no samples")
    func reads() throws {
        let document = try Self.document()
        let objects = try Self.entryObjects()
        #expect(document.sourceSchemaVersion == ReportDocument.unnumberedSchemaVersion)
        #expect(ReportDocument.unnumberedSchemaVersion == 1)
        #expect(document.benchmarks.count == objects.count && objects.count == 124)
        #expect(document.benchmarks.map(\.name) == objects.compactMap { $0["name"] as? String })
        for name in ["convert/simd/176x144", "convert/libyuv/640x480", "stream/pipelined/size-176x144.ivf/frame"] {
            let object = try #require(objects.first { $0["name"] as? String == name })
            let time = try #require(object["real_time"] as? Double)
            let entry = try #require(document.entry(named: name))
            #expect(entry.realTime == time && entry.median == time, "\(name)")
            #expect(entry.samples.isEmpty && entry.ratiosToLibyuv == nil && entry.ratioToLibyuvInterval == nil)
        }
        #expect(document.benchmarks.allSatisfy { $0.samples.isEmpty && $0.median > 0 })
        #expect(document.context.streamConverter == "simd" && document.context.machineKey == nil)
        #expect(document.presentation.isEmpty && document.notMeasured.isEmpty)
        let scalar = try #require(document.entry(named: "convert/scalar/640x480"))
        #expect(scalar.cell == EntryCell(converter: "scalar", width: 640, height: 480))
    }

    @Test("a document read from schema 1 is not written as schema 2, which needs samples")
    func isNotWritten() throws {
        #expect(throws: EncodingError.self) { try Self.document().json() }
    }

    @Test("compared with itself, every entry is median only: ratio 1, no interval, no verdict")
    func comparedWithItself() throws {
        let document = try Self.document()
        let comparison = try RunComparison(base: document, new: document)
        #expect(comparison.entries.count == 124 && comparison.medianOnlyCount == 124)
        #expect(
            comparison.entries.allSatisfy {
                $0.basis == .median && $0.isMedianOnly && $0.ratio == nil && $0.verdict == nil && !$0.decides
                    && $0.medianRatio == 1
            })
        #expect(!comparison.hasSlower && comparison.count(.same) == 0)
        #expect(
            comparison.summaryLine
                == "0 slower, 0 faster, 0 same; 124 compared on medians alone (a schema-1 report has no samples: no interval, no verdict)"
        )
        #expect(comparison.machineLine == "comparing runs from different machines: BASE unknown vs NEW unknown")
    }

    @Test("compared with the schema-2 file either way, the shared cells are median only")
    func comparedWithSchemaTwo() throws {
        let one = try Self.document()
        let two = try ReportDocument(json: try Data(contentsOf: URL(fileURLWithPath: SchemaTwoFileTests.path)))
        for (base, new) in [(one, two), (two, one)] {
            let comparison = try RunComparison(base: base, new: new)
            #expect(comparison.entries.count == 6)
            #expect(comparison.entries.allSatisfy { $0.isMedianOnly && $0.verdict == nil && $0.ratio == nil })
            let simd = try #require(comparison.entries.first { $0.name == "convert/simd/640x480" })
            let baseEntry = try #require(base.entry(named: simd.name))
            let newEntry = try #require(new.entry(named: simd.name))
            #expect(simd.baseMedian == baseEntry.median && simd.newMedian == newEntry.median)
            #expect(simd.medianRatio == newEntry.median / baseEntry.median)
            #expect(!comparison.hasSlower && comparison.count(.slower) + comparison.count(.faster) == 0)
        }
        // The schema-2 side's median is its samples', not its real_time.
        let scalar = try #require(two.entry(named: "convert/scalar/640x480"))
        #expect(!scalar.samples.isEmpty)
    }
}

/// Documents without `json_schema_version` that are not schema-1 reports
/// are refused as before, and schema-1 entries are checked.
@Suite struct SchemaOneRecognitionTests {
    /// FrameBench's context fields every schema-1 report has.
    static let context = #""simd_path": "simd level avx2", "stream_converter": "simd", "interleaving": "per frame""#

    @Test(
        "JSON without json_schema_version that is not FrameBench's, or a schema-1 entry at fault, is refused",
        arguments: [
            (
                // Google Benchmark's own JSON.
                #"""
                {"context": {"date": "2026-11-29", "num_cpus": 2, "library_build_type": "release",
                  "json_schema_version": 1},
                 "benchmarks": [{"name": "BM_Convert/640", "run_type": "iteration", "iterations": 10,
                   "real_time": 43.5, "cpu_time": 43.4, "time_unit": "us"}]}
                """#,
                "not a FrameBench JSON report (no json_schema_version)"
            ),
            (
                #"{"context": {"simd_path": "x", "stream_converter": "simd"}, "benchmarks": []}"#,
                "not a FrameBench JSON report (no json_schema_version)"
            ),
            (
                #"{"context": {"simd_path": 1, "stream_converter": "simd", "interleaving": "x"}, "benchmarks": []}"#,
                "not a FrameBench JSON report (no json_schema_version)"
            ),
            (#"{"context": [], "benchmarks": []}"#, "not a FrameBench JSON report (no json_schema_version)"),
            ("{\"context\": {\(context)}}", "not a FrameBench JSON report (no benchmarks array)"),
            (
                "{\"context\": {\(context)}, \"benchmarks\": [{\"name\": \"a\", \"real_time\": 0}]}",
                "not a FrameBench JSON report (benchmarks[0] 'a' has no real_time of a positive number)"
            ),
            (
                "{\"context\": {\(context)}, \"benchmarks\": [{\"name\": \"a\", \"cpu_time\": 1}]}",
                "not a FrameBench JSON report (benchmarks[0] 'a' has no real_time of a positive number)"
            ),
            (
                "{\"context\": {\(context)}, \"benchmarks\": [{\"name\": \"a\", \"real_time\": 1, \"samples_us\": [1]}]}",
                "not a FrameBench JSON report (benchmarks[0] 'a' has samples_us in a report with no json_schema_version)"
            ),
            (
                "{\"context\": {\(context)}, \"benchmarks\": [{\"name\": \"a\", \"real_time\": 1}, {\"name\": \"a\", \"real_time\": 2}]}",
                "not a FrameBench JSON report (benchmarks[1] 'a' repeats a name)"
            ),
        ])
    func refused(text: String, message: String) {
        let error = #expect(throws: ReportReadError.self) { try ReportDocument(json: Data(text.utf8)) }
        #expect(error.map { "\($0)" } == message)
    }

    @Test("a small schema-1 document reads, and compares on medians with one in-process document")
    func smallDocument() throws {
        let text = """
            {"context": {\(Self.context), "num_cpus": 2},
             "benchmarks": [{"name": "convert/simd/8x8", "real_time": 2.5, "cpu_time": 2.5, "time_unit": "us",
                             "converter": "simd", "width": 8, "height": 8, "p50": 2.5}]}
            """
        let old = try ReportDocument(json: Data(text.utf8))
        #expect(old.sourceSchemaVersion == 1 && old.context.cores == 2)
        #expect(old.benchmarks[0].median == 2.5 && old.benchmarks[0].cell?.converter == "simd")
        let new = ReportDocument(
            machineKey: "m", benchmarks: [ReportEntry(name: "convert/simd/8x8", samples: [3, 2, 2, 4, 3])])
        #expect(new.sourceSchemaVersion == ReportDocument.schemaVersion)
        let entry = try RunComparison(base: old, new: new).entries[0]
        #expect(entry.basis == .median && entry.basis.label == "median" && entry.basis.rawValue == "median")
        #expect(entry.baseMedian == 2.5 && entry.newMedian == 3 && entry.medianRatio == 1.2)
        #expect(entry.ratio == nil && entry.verdict == nil && !entry.decides)
    }
}
