import Foundation
import Reports
import Testing

/// A report written by `bench --json` at commit 623484c (schema 2; arrays
/// cut to 24 values, the host name replaced): what the gate reads from a
/// reference's process.
@Suite struct SchemaTwoFileTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/schema2-report.json").path

    @Test func readsCellsTimesAndWhatWasNotMeasured() throws {
        let run = try ReportDocument(json: try Data(contentsOf: URL(fileURLWithPath: Self.path)))
        #expect(run.benchmarks.count == 34)
        #expect(run.context.cores == 2)
        #expect(run.context.parallelMinimumPixels == 1_048_576)
        let scalar = try #require(run.entry(named: "convert/scalar/640x480"))
        #expect(scalar.cell == EntryCell(converter: "scalar", width: 640, height: 480))
        #expect(scalar.cpuTime == 2453.662152671756)
        #expect(scalar.mean == 2449.4645114503815)
        let mirrored = try #require(run.entry(named: "convert/simd/640x480/mirror"))
        #expect(mirrored.cell == EntryCell(converter: "simd", width: 640, height: 480, orientation: "mirror"))
        #expect(run.benchmarks.allSatisfy { $0.cell != nil && $0.cpuTime != nil })
        // Written before layouts: no entry says its layout, and every cell reads as I420.
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        #expect(!text.contains("\"layout\""))
        #expect(run.benchmarks.allSatisfy { $0.cell?.layout == "i420" })
        #expect(run.notMeasuredReasons.keys.allSatisfy { $0.layout == "i420" })
        #expect(
            run.notMeasuredReasons == [
                EntryCell(converter: "swscale", width: 640, height: 480, orientation: "mirror"): "unsupported",
                EntryCell(converter: "swscale", width: 1280, height: 720, orientation: "rotate90"): "unsupported",
            ])
    }
}
