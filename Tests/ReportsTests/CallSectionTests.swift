import Foundation
import Reports
import Testing

/// The call's sections of the report document (`bench call --json`).
@Suite("Report document: call sections")
struct CallSectionTests {
    /// A call of one participant and one capacity with a cost, fixed figures.
    static let document = ReportDocument(
        context: ReportContext(), benchmarks: [],
        call: ReportDocument.Call(
            tiles: [
                .init(
                    participant: 0, requestedSize: "320x180", streamSize: "320x180", vector: "Vectors/a.ivf",
                    figures: .init(
                        due: 30, onTime: 29, late: 1, dropped: 0, freezes: 0, latencyP50Nanoseconds: 2e6,
                        latencyP99Nanoseconds: 9e6, latencyMaxNanoseconds: nil),
                    error: nil)
            ],
            overall: .init(
                due: 30, onTime: 29, late: 1, dropped: 0, freezes: 0, latencyP50Nanoseconds: 2e6,
                latencyP99Nanoseconds: 9e6, latencyMaxNanoseconds: 1.2e7),
            fps: 30, seconds: 1, converter: "simd", schedule: "per-stream", layout: "i420", codec: "vp8",
            wallSeconds: 1.01, cpuSeconds: 0.5, cores: 2, cpuUtilisation: 0.25),
        capacity: [
            .init(
                converter: "simd", size: "640x360", fps: 30, layout: "nv12", codec: "av1",
                cpuMicrosecondsPerFrame: .init(
                    decode: .init(mean: 900, interval: 880...950), convert: .init(mean: 100, interval: 95...110)),
                tilesPerCoreByCPU: .init(estimate: 33.3, interval: 31.6...34.5),
                scheduling: .init(
                    tiles: 12, exact: true,
                    probes: [.init(tiles: 12, passed: true, late: 0, dropped: 0, cpuUtilisation: 0.9)]))
        ])

    @Test("a call document reads back equal, versioned, with its sections under their keys")
    func roundTrip() throws {
        let data = try Self.document.json()
        #expect(try ReportDocument(json: data) == Self.document)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["json_schema_version"] as? Int == ReportDocument.schemaVersion)
        let capacity = try #require((object["capacity"] as? [[String: Any]])?.first)
        let cost = try #require(capacity["cpu_us_per_frame"] as? [String: Any])
        #expect((cost["decode"] as? [String: Any])?["interval"] as? [Double] == [880, 950])
        #expect((capacity["tiles_per_core_by_cpu"] as? [String: Any])?["estimate"] as? Double == 33.3)
        let tile = try #require(((object["call"] as? [String: Any])?["tiles"] as? [[String: Any]])?.first)
        #expect(tile["requestedSize"] as? String == "320x180")
        #expect((tile["figures"] as? [String: Any])?["latencyMaxNanoseconds"] == nil)
    }

    @Test("a document of another command writes neither section, and reads without them")
    func absentSections() throws {
        let document = ReportDocument(context: ReportContext(), benchmarks: [])
        let data = try document.json()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["call"] == nil && object["capacity"] == nil)
        let read = try ReportDocument(json: data)
        #expect(read.call == nil && read.capacity == nil)
    }

    @Test("a call section missing a field is named")
    func missingField() throws {
        let json = #"{"json_schema_version": 2, "benchmarks": [], "call": {"tiles": []}}"#
        #expect(throws: ReportReadError.self) { try ReportDocument(json: Data(json.utf8)) }
        do {
            _ = try ReportDocument(json: Data(json.utf8))
        } catch {
            #expect("\(error)".contains("call has no field overall"), "\(error)")
        }
    }
}
