import Frames
import Presentation
import ReportRun
import Reports
import TestSupport
import Testing

@testable import ReportRendering
@testable import Streams

/// The `bench present` table of hand-made presentation runs.
@Suite struct PresentTableTests {
    /// A run of `/v/clip.ivf` under `stream` stamps, flat out: shown frames
    /// at media times 0 1 2 3 (1/30 s), arriving every 1/30 s, handed off
    /// 2000, 4000, never (when `losesThird`) or 5000, and 3000 ns after
    /// arriving.
    static func run(losesThird: Bool) -> PresentationRun {
        let arrivals: [UInt64] = [0, 33_333_333, 66_666_667, 100_000_000]
        let latencies: [UInt64?] = [2000, 4000, losesThird ? nil : 5000, 3000]
        let deliveries = (0..<4).map { index in
            Delivery(
                frame: index, packet: index + 1,
                mediaTime: MediaTime(value: Int64(index), timebase: ReportFixture.timebase),
                arrival: arrivals[index], handOff: latencies[index].map { arrivals[index] + $0 })
        }
        return PresentationRun(
            path: "/v/clip.ivf", track: nil, converter: "simd", scenario: .flatOut,
            sequence: PresentedSequence(deliveries: deliveries, policy: .stream), error: nil)
    }

    /// The figures of `run` as a report's `presentation` section holds them.
    static func figures(losesThird: Bool) -> PresentationFigures {
        let run = Self.run(losesThird: losesThird)
        var figures = PresentationFigures(run)
        figures.stamping = run.sequence.policy.rawValue
        figures.scenario = "\(run.scenario)"
        return figures
    }

    @Test("a row counts presented and lost frames, gives the latency median and p99 in µs, and passes or fails")
    func rows() {
        let lines = PresentTable.lines([Self.figures(losesThird: true), Self.figures(losesThird: false)])
        let rows = lines.map(TextReportTests.cells)
        #expect(
            rows[0] == [
                "file", "presented", "lost", "dup", "regr", "dur<=0", "overlap", "freeze", "late", "p50 us", "p99 us",
                "result",
            ])
        // Latencies 2000 4000 3000 ns sorted: median (rank 2) 3.00 µs, p99 4.00;
        // frame 2 lost, and a flat-out run drops none by design: FAIL.
        #expect(rows[1] == ["/v/clip.ivf", "3/4", "1", "0", "0", "0", "0", "0", "0", "3.00", "4.00", "FAIL"])
        // 2000 4000 5000 3000 sorted: median (rank 2) 3.00, p99 (rank 4) 5.00.
        #expect(rows[2] == ["/v/clip.ivf", "4/4", "0", "0", "0", "0", "0", "0", "0", "3.00", "5.00", "pass"])
    }

    @Test("with settings a row starts with the stamping and the scenario and names the file alone")
    func settings() {
        let rows = PresentTable.lines([Self.figures(losesThird: false)], settings: true).map(TextReportTests.cells)
        #expect(rows[0].prefix(3) == ["stamping", "scenario", "file"])
        #expect(rows[1].prefix(4) == ["stream", "flat-out", "clip.ivf", "4/4"])
    }
}
