import Containers
import Foundation
import ReportRun
import Reports
import TestSupport
import Testing

@testable import ReportRendering
@testable import Streams

/// The text report of a hand-made report: the tables' rows hold the figures
/// worked out by hand from the fixture's numbers.
@Suite struct TextReportTests {
    /// The cells of a table line: split where two or more spaces separate
    /// columns (no cell holds two spaces in a row), blanks dropped.
    static func cells(_ line: String) -> [String] {
        line.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The text of `report`'s document.
    static func lines(_ report: Report) -> [String] {
        TextReport.lines(ReportDocument(report))
    }

    /// `run` as the document of a report with it alone holds it.
    static func stream(_ run: StreamRun) -> StreamEntries {
        StreamEntries.all(in: ReportDocument(ReportFixture.report(synthetic: [], serial: [run])), mode: "serial")[0]
    }

    /// The `count` lines after the first line of `lines` that starts with `title`.
    static func lines(after title: String, in lines: [String], count: Int) throws -> [String] {
        let index = try #require(lines.firstIndex { $0.hasPrefix(title) })
        return Array(lines[(index + 1)...].prefix(count))
    }

    @Test("the synthetic table shows each contender's medians, rates and ratio medians with their ranges")
    func syntheticTable() throws {
        let lines = Self.lines(ReportFixture.report())
        let table = try Self.lines(after: "Converters on synthetic frames", in: lines, count: 6).map(Self.cells)
        #expect(
            table[0] == [
                "size", "converter", "frames", "median", "p90", "p99", "max", "Mpx/s", "GB/s", "×libyuv",
                "×best peer", "cpu×libyuv", "×floor", "×scalar", "bit-exact",
            ])
        // simd: wall sorted 400 500 700 800 1200 ns, median (rank 3) 0.70 µs,
        // p90 = p99 = max (rank 5) 1.20 µs; 2048 px / 700 ns = 2925.7 Mpx/s;
        // 64x32 moves 2048 + 2·512 (I420) + 4·2048 (BGRA) = 11264 bytes,
        // / 700 ns = 16.09 GB/s. ÷ libyuv per round 0.5 0.6 0.4 0.4 0.7:
        // median 0.50, and below 6 pairs the interval is the range
        // [0.40,0.70]; libyuv is the only peer, so ×best peer is the same;
        // cpu 600 / 1000 = 0.60 every round; ÷ floor 2 3 2 2 2: 2.00 [2.00,3.00].
        #expect(
            table[1] == [
                "64x32", "simd", "5", "0.70", "1.20", "1.20", "1.20", "2926", "16.09", "0.50 [0.40,0.70]",
                "0.50 [0.40,0.70]", "0.60 [0.60,0.60]", "2.00 [2.00,3.00]", "-", "yes",
            ])
        // libyuv: sorted 1000 1000 1000 2000 2000, median 1.00 µs, p90 2.00 µs;
        // 2048 Mpx/s; 11264 / 1000 = 11.26 GB/s; ÷ floor 4 5 5 5 2.857: 5.00 [2.86,5.00].
        #expect(
            table[2] == [
                "libyuv", "5", "1.00", "2.00", "2.00", "2.00", "2048", "11.26", "1.00 [1.00,1.00]",
                "1.00 [1.00,1.00]", "1.00 [1.00,1.00]", "5.00 [2.86,5.00]", "-", "yes",
            ])
        // floor: sorted 200 250 350 400 400, median 0.35 µs, p90 0.40 µs;
        // 2048 / 350 = 5851.4 Mpx/s; 11264 / 350 = 32.18 GB/s; ÷ libyuv
        // 0.25 0.2 0.2 0.2 0.35: 0.20 [0.20,0.35]; no best peer; cpu 0.30.
        #expect(
            table[3] == [
                "floor", "5", "0.35", "0.40", "0.40", "0.40", "5851", "32.18", "0.20 [0.20,0.35]", "-",
                "0.30 [0.30,0.30]", "1.00 [1.00,1.00]", "-", "-",
            ])
        #expect(table[4] == ["plugin-x"] + Array(repeating: "-", count: 12) + ["FAILED: failed (status 3)"])
        #expect(table[5] == ["lut"] + Array(repeating: "-", count: 12) + ["skipped: unsupported"])
        #expect(
            lines.contains(
                "×best peer divides by the cell's fastest peer (lowest median: libyuv, libyuv-latest or swscale): "
                    + "64x32 libyuv"))
    }

    @Test("the end-to-end table shows each file's codec and track, medians, errors and checks")
    func streamTable() throws {
        let lines = Self.lines(ReportFixture.report())
        let table = try Self.lines(after: "End to end, serial (converter simd;", in: lines, count: 4).map(Self.cells)
        #expect(
            table[0] == [
                "file", "codec", "frames", "passes", "decode med", "decode p99", "convert med", "convert p99",
                "timestamps", "gaps", "delivery",
            ])
        // decode sorted 1000 2000 3000 4000 ns: median (rank 2) 2.00 µs, p99 4.00;
        // convert sorted 500 600 700 800: 0.60, 0.80. Presented at 0 1 2 4:
        // nominal step 1, the step of 2 at frame 3 is a gap.
        #expect(
            table[1] == [
                "clip-av1.mkv", "AV1, track 2", "4", "1", "2.00", "4.00", "0.60", "0.80", "ok", "1 at 3", "monotonic",
            ])
        // Presented at 0 2 1: backwards at frame 2, expected in a bad-ts file.
        #expect(
            table[2] == [
                "bad-ts-backwards.ivf (ERROR: packet 3: truncated)", "VP8", "3", "1", "1.00", "1.00", "0.40", "0.40",
                "backwards at 2 (expected)", "none", "BACKWARDS at 2",
            ])
        #expect(
            table[3] == [
                "broken.webm (ERROR: not a WebM file)", "?", "0", "1", "-", "-", "-", "-", "-", "-", "-",
            ])
    }

    @Test("the report starts with the budget line and ends with the run's seconds")
    func frame() {
        let lines = Self.lines(ReportFixture.report())
        // The default budget: 3 warm-up rounds, 30 ... 3000 frames, 8 s, no deadline, no pacing.
        #expect(
            lines.first?.hasPrefix(
                "bench: matrix bt601; 3 warm-up rounds; each cell ≥ 30 frames (≤ 3000, ~8.0 s a size); ") == true)
        #expect(lines.first?.contains("paced") == false)
        // 12.34 s to one decimal.
        #expect(lines.suffix(2) == ["", "done in 12.3 s"])
        #expect(
            !lines.contains { $0.hasPrefix("Pipelined") || $0.hasPrefix("Scaling") || $0.hasPrefix("Presentation") })
    }

    @Test("a report without sections is the budget line and the seconds only")
    func empty() {
        let lines = Self.lines(ReportFixture.report(synthetic: [], serial: []))
        #expect(lines.count == 3)
        #expect(lines.suffix(2) == ["", "done in 12.3 s"])
    }

    @Test("the codec text names the track only when it is not the file's first, and ? without one")
    func codecText() {
        let timebase = ReportFixture.timebase
        var run = ReportFixture.unreadable()
        #expect(TextReport.codecText(Self.stream(run)) == "?")
        run.track = Track(container: "MP4", codec: .h264, timebase: timebase, declaredSize: nil)
        #expect(TextReport.codecText(Self.stream(run)) == "H.264")
        run.track = Track(container: "WebM", codec: .vp9, timebase: timebase, declaredSize: nil, number: 3)
        #expect(TextReport.codecText(Self.stream(run)) == "VP9, track 3")
        #expect(TextReport.codecText(Self.stream(ReportFixture.clip())) == "AV1, track 2")
    }

    @Test("timestamps, gaps and delivery show - for a file that gave no frame, and out-of-order delivery first")
    func checkTexts() {
        let unreadable = ReportFixture.unreadable()
        #expect(TextReport.timestampText(Self.stream(unreadable)) == "-")
        #expect(TextReport.gapText(Self.stream(unreadable)) == "-")
        #expect(TextReport.deliveryText(Self.stream(unreadable)) == "-")
        // A bad-ts file whose timestamps pass is itself a finding.
        let passing = ReportFixture.clip(path: "/v/bad-ts-passing.ivf")
        #expect(TextReport.timestampText(Self.stream(passing)) == "ok (UNEXPECTED: bad-ts file passed)")
        // Frames presented at 0 0 1 5 6 7 8 9 10 11 22 13: a duplicate at 1,
        // backwards at 11 (13 after 22); positive steps 1 4 1 1 1 1 1 1 11
        // sorted, median (rank 5) 1, so steps of 4 (frame 3) and 11 (frame 10)
        // are gaps.
        let run = ReportFixture.stream(path: "/v/x.ivf", shown: [0, 0, 1, 5, 6, 7, 8, 9, 10, 11, 22, 13])
        #expect(TextReport.timestampText(Self.stream(run)) == "backwards+duplicate at 1,11 FAIL")
        #expect(TextReport.gapText(Self.stream(run)) == "2 at 3,10")
        #expect(
            TextReport.deliveryText(Self.stream(ReportFixture.stream(path: "/v/x.ivf", shown: [0], inOrder: false)))
                == "OUT OF ORDER")
    }

    @Test("a run that gave no frame keeps its place among the runs of its mode")
    func framelessPlace() throws {
        let lines = Self.lines(
            ReportFixture.report(
                synthetic: [], serial: [ReportFixture.unreadable(), ReportFixture.clip()],
                pipelined: [ReportFixture.clip(mode: .pipelined), ReportFixture.unreadable(mode: .pipelined)]))
        let serial = try Self.lines(after: "End to end, serial", in: lines, count: 3).map(Self.cells)
        #expect(serial.map { $0.first } == ["file", "broken.webm (ERROR: not a WebM file)", "clip-av1.mkv"])
        let pipelined = try Self.lines(after: "Pipelined:", in: lines, count: 3).map(Self.cells)
        // The clip's one pass of 0.5 s in either mode: 8 fps, a speed-up of
        // 1; the unreadable file: 0 fps, and 0 ÷ 0 shown as 0 over 1e-9.
        #expect(pipelined[1] == ["clip-av1.mkv", "4", "8", "8", "1.00", "1.20", "1.50", "yes", "monotonic"])
        #expect(pipelined[2] == ["broken.webm (ERROR)", "0", "0", "0", "0.00", "-", "-", "yes", "-"])
    }

    @Test("a document read back from its JSON prints the same text")
    func readBack() throws {
        let document = ReportDocument(
            ReportFixture.report(pipelined: [ReportFixture.clip(mode: .pipelined), ReportFixture.unreadable()]))
        let read = try ReportDocument(json: try document.json())
        #expect(TextReport.lines(read) == TextReport.lines(document))
    }
}
