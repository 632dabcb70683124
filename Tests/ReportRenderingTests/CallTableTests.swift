import Frames
import TestSupport
import Testing

@testable import CallSimulation
@testable import ReportRendering

/// The `bench call` tables of a hand-made call.
@Suite struct CallTableTests {
    /// One participant's three frames at 30 fps (due 0, 1/30 s, 2/30 s, each
    /// started when due), each converted `latencies[i]` ms after it was due
    /// (nil: dropped).
    static func records(_ latencies: [UInt64?]) -> [CallFrameRecord] {
        let period: UInt64 = 33_333_333
        return latencies.enumerated().map { index, latency in
            let due = UInt64(index) * period
            return CallFrameRecord(
                frame: index, mediaTime: MediaTime(value: Int64(index), timebase: ReportFixture.timebase), due: due,
                nextDue: due + period, started: due, finished: latency.map { due + $0 * 1_000_000 })
        }
    }

    @Test("a row per participant and the overall row count due, on-time, late and dropped frames with latencies in ms")
    func lines() {
        let request = CallTileRequest(count: 2, size: FrameSize(width: 320, height: 180))
        // Participant 0: 2, 4 and 40 ms (the last after the next frame was due: late).
        let first = Self.records([2, 4, 40])
        // Participant 1, on the nearest vector (320x240): 1 ms, dropped, 3 ms.
        let second = Self.records([1, nil, 3])
        let run = CallRun(
            configuration: CallConfiguration(tiles: [request]),
            tiles: [
                CallTileReport(
                    participant: 0, request: request, vector: "/v/a.ivf", streamSize: request.size, records: first,
                    error: nil),
                CallTileReport(
                    participant: 1, request: request, vector: "/v/b.ivf",
                    streamSize: FrameSize(width: 320, height: 240), records: second, error: "decode failed"),
            ],
            overall: CallFigures(records: first + second, freezes: 0), wallSeconds: 2, cpuSeconds: 1, cores: 2)
        let lines = CallTable.lines(run)
        let rows = lines.dropLast().map(TextReportTests.cells)
        #expect(
            rows.first == [
                "tile", "stream", "due", "on time", "late", "dropped", "p50 ms", "p99 ms", "max ms", "freezes", "error",
            ])
        // 2 4 40 ms: median (rank 2) 4, p99 and max 40; hand-offs 35 and 69 ms
        // apart, below the 150 ms freeze threshold.
        #expect(rows.dropFirst().first == ["0 320x180", "320x180", "3", "2", "1", "0", "4.00", "40.00", "40.00", "0"])
        // 1 3 ms: median (rank 1) 1, p99 and max 3.
        #expect(
            rows.dropFirst(2).first == [
                "1 320x180", "320x240 (nearest)", "3", "2", "0", "1", "1.00", "3.00", "3.00", "0", "decode failed",
            ])
        // All: 1 2 3 4 40 ms, median (rank 3) 3; the stream column is blank.
        #expect(rows.last == ["all", "6", "4", "1", "1", "3.00", "40.00", "40.00", "0"])
        // 1 s of CPU over 2 s of wall on 2 cores: 25 %.
        #expect(lines.last == "cpu: 25.0 % of 2 cores (1.00 s cpu over 2.00 s wall)")
    }

    @Test("capacity by scheduling names the tiles kept up (+ when not exact) and each probe")
    func capacity() {
        let capacity = CallCapacity(
            converter: "simd", size: FrameSize(width: 640, height: 360), tiles: 6, exact: false,
            probes: [
                .init(tiles: 1, passed: true, late: 0, dropped: 0, cpuUtilisation: 0.1),
                .init(tiles: 8, passed: false, late: 3, dropped: 1, cpuUtilisation: 0.9),
            ])
        #expect(
            CallTable.capacityLines(capacity) == [
                "simd: by scheduling 6+ tiles of 640x360 VP8 kept up in real time on this machine "
                    + "(probes 1:ok, 8:late 3+dropped 1)"
            ])
    }
}
