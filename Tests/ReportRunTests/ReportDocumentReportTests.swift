import Foundation
import ReportRun
import Reports
import TestSupport
import Testing

/// The JSON document of a hand-made report: its entries' names and figures
/// as docs/measurements.md describes them (times in µs), and a document
/// that reads back equal.
@Suite struct ReportDocumentReportTests {
    /// The JSON of the fixture report as plain objects (read by
    /// `JSONSerialization`, not by `ReportDocument`).
    static func jsonObject() throws -> [String: Any] {
        let data = try ReportDocument(ReportFixture.report()).json()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The entries of `object`'s `benchmarks` array by name.
    static func entries(_ object: [String: Any]) throws -> [String: [String: Any]] {
        let list = try #require(object["benchmarks"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as? String ?? "", $0) })
    }

    @Test("the document is schema version 2 with one entry per contender and stream part, in report order")
    func names() throws {
        let object = try Self.jsonObject()
        #expect(object["json_schema_version"] as? Int == 2)
        let names = try #require(object["benchmarks"] as? [[String: Any]]).map { $0["name"] as? String }
        // Synthetic cells first (summarize keeps the samples' order), then
        // each stream file's decode, convert, latency and frame entries;
        // broken.webm gave no time, so no entry.
        #expect(
            names == [
                "convert/simd/64x32", "convert/libyuv/64x32", "convert/floor/64x32",
                "stream/serial/clip-av1.mkv/decode", "stream/serial/clip-av1.mkv/convert",
                "stream/serial/clip-av1.mkv/latency", "stream/serial/clip-av1.mkv/frame",
                "stream/serial/bad-ts-backwards.ivf/decode", "stream/serial/bad-ts-backwards.ivf/convert",
                "stream/serial/bad-ts-backwards.ivf/latency", "stream/serial/bad-ts-backwards.ivf/frame",
            ])
    }

    @Test("a synthetic entry has the median time in µs and the medians and ranges of its paired ratios")
    func syntheticEntry() throws {
        let entries = try Self.entries(try Self.jsonObject())
        let simd = try #require(entries["convert/simd/64x32"])
        // simd wall sorted 400 500 700 800 1200 ns: median (rank 3) 700 ns = 0.7 µs,
        // p90 (rank ⌈4.5⌉ = 5) 1.2 µs, mean 3600 / 5 = 720 ns = 0.72 µs.
        #expect(simd["real_time"] as? Double == 0.7)
        #expect(simd["p90"] as? Double == 1.2)
        #expect(simd["mean"] as? Double == 0.72)
        #expect(simd["cpu_time"] as? Double == 0.6)
        #expect(simd["iterations"] as? Int == 5)
        #expect(simd["time_unit"] as? String == "us")
        // ÷ libyuv per round: 0.5 0.6 0.4 0.4 0.7; sorted 0.4 0.4 0.5 0.6 0.7,
        // median 0.5, and below 6 pairs the interval is the whole range.
        #expect(simd["ratio_samples_to_libyuv"] as? [Double] == [0.5, 0.6, 0.4, 0.4, 0.7])
        #expect(simd["ratio_to_libyuv"] as? Double == 0.5)
        #expect(simd["ratio_to_libyuv_ci"] as? [Double] == [0.4, 0.7])
        // CPU 600 ÷ 1000 every round.
        #expect(simd["cpu_ratio_to_libyuv"] as? Double == 0.6)
        // ÷ floor per round: 500/250 1200/400 400/200 800/400 700/350 = 2 3 2 2 2.
        #expect(simd["ratio_to_floor"] as? Double == 2)
        #expect(simd["ratio_to_floor_ci"] as? [Double] == [2, 3])
        #expect(simd["floor"] as? String == "floor")
        // libyuv is the only peer, so the best one.
        #expect(simd["best_peer"] as? String == "libyuv")
        #expect(simd["ratio_to_best_peer"] as? Double == 0.5)
        #expect(simd["bit_exact"] as? Bool == true)
        #expect(simd["converter"] as? String == "simd")
        #expect(simd["width"] as? Int == 64)
        #expect(simd["height"] as? Int == 32)
        #expect(simd["matrix"] as? String == "bt601")
        #expect(simd["orientation"] as? String == "upright")
        #expect(simd["layout"] as? String == "i420")

        let libyuv = try #require(entries["convert/libyuv/64x32"])
        // libyuv sorted 1000 1000 1000 2000 2000: median 1 µs; it is the
        // reference, so it has no ratio samples to itself. ÷ floor per
        // round: 4 5 5 5 2.857…, median 5.
        #expect(libyuv["real_time"] as? Double == 1)
        #expect(libyuv["ratio_samples_to_libyuv"] == nil)
        #expect(libyuv["ratio_to_libyuv"] as? Double == 1)
        #expect(libyuv["ratio_to_floor"] as? Double == 5)

        let floor = try #require(entries["convert/floor/64x32"])
        // floor sorted 200 250 350 400 400: median 0.35 µs; ÷ libyuv per round
        // 0.25 0.2 0.2 0.2 0.35, median 0.2. A floor has no floor ratio
        // samples, no best peer and no bit-exactness.
        #expect(floor["real_time"] as? Double == 0.35)
        #expect(floor["ratio_to_libyuv"] as? Double == 0.2)
        #expect(floor["ratio_samples_to_floor"] == nil)
        #expect(floor["best_peer"] == nil)
        #expect(floor["bit_exact"] == nil)
    }

    @Test("a stream entry names its file, codec and track, with its median time in µs and its checks")
    func streamEntries() throws {
        let entries = try Self.entries(try Self.jsonObject())
        let decode = try #require(entries["stream/serial/clip-av1.mkv/decode"])
        // decode sorted 1000 2000 3000 4000 ns: median (rank 2) 2 µs.
        #expect(decode["real_time"] as? Double == 2)
        #expect(decode["file"] as? String == "/v/clip-av1.mkv")
        #expect(decode["codec"] as? String == "av1")
        #expect(decode["track"] as? Int == 2)
        #expect(decode["mode"] as? String == "serial")
        #expect(decode["frames"] as? Int == 4)
        #expect(decode["passes"] as? Int == 1)
        #expect(decode["timestamps_monotonic"] as? Bool == true)
        // Steps 1 1 2: nominal 1 tick; 4 − 2 = 2 > 1.5 ticks is a gap at frame 3.
        #expect(decode["gaps"] as? [Int] == [3])
        #expect(decode["expected_failure"] as? Bool == false)
        #expect(decode["error"] == nil)
        // convert sorted 500 600 700 800: 0.6 µs; latency sorted 1000 1200 1300 1500: 1.2 µs.
        #expect(entries["stream/serial/clip-av1.mkv/convert"]?["real_time"] as? Double == 0.6)
        #expect(entries["stream/serial/clip-av1.mkv/latency"]?["real_time"] as? Double == 1.2)
        let frame = try #require(entries["stream/serial/clip-av1.mkv/frame"])
        // One pass of 0.5 s over 4 frames: 125 000 µs a frame, 8 frames a second.
        #expect(frame["real_time"] as? Double == 125_000)
        #expect(frame["frames_per_second"] as? Double == 8)
        #expect(frame["iterations"] as? Int == 4)

        let bad = try #require(entries["stream/serial/bad-ts-backwards.ivf/decode"])
        // Presented at 0 2 1: frame 2 goes backwards; delivery went backwards at 2.
        #expect(bad["codec"] as? String == "vp8")
        #expect(bad["track"] as? Int == 1)
        #expect(bad["timestamps_monotonic"] as? Bool == false)
        #expect(bad["timestamp_violations"] as? [Int] == [2])
        #expect(bad["timestamp_violation_kinds"] as? [String] == ["backwards"])
        #expect(bad["delivery_monotonic"] as? Bool == false)
        #expect(bad["delivery_backwards_at"] as? Int == 2)
        #expect(bad["expected_failure"] as? Bool == true)
        #expect(bad["error"] as? String == "packet 3: truncated")
    }

    @Test("converters left out of a cell are listed as not measured, with the reason")
    func notMeasured() throws {
        let list = try #require(try Self.jsonObject()["not_measured"] as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["convert/plugin-x/64x32", "convert/lut/64x32"])
        #expect(list.map { $0["reason"] as? String } == ["failed (status 3)", "unsupported"])
        #expect(list.first?["width"] as? Int == 64)
    }

    @Test("a stream run that timed nothing is listed as not measured, with its error, and has no entry")
    func streamsNotMeasured() throws {
        let object = try Self.jsonObject()
        let list = try #require(object["not_measured_streams"] as? [[String: Any]])
        #expect(list.count == 1)
        #expect(list.first?["file"] as? String == "/v/broken.webm")
        #expect(list.first?["mode"] as? String == "serial")
        // The third serial run of the fixture.
        #expect(list.first?["position"] as? Int == 2)
        #expect(list.first?["passes"] as? Int == 1)
        #expect(list.first?["error"] as? String == "not a WebM file")
        #expect(list.first?["expected_failure"] as? Bool == false)
        #expect(list.first?["codec"] == nil)
        // A report whose runs all timed frames writes no such section.
        let clean = try ReportDocument(ReportFixture.report(serial: [ReportFixture.clip()])).json()
        #expect(
            try #require(try JSONSerialization.jsonObject(with: clean) as? [String: Any])["not_measured_streams"] == nil
        )
    }

    @Test("the context carries the machine and the run's settings")
    func context() throws {
        let context = try #require(try Self.jsonObject()["context"] as? [String: Any])
        #expect(context["date"] as? String == "2026-01-02T03:04:05+00:00")
        #expect(context["cpu_model"] as? String == "Test CPU")
        #expect(context["num_cpus"] as? Int == 2)
        #expect(context["mhz_per_cpu"] as? Int == 2450)
        #expect(context["matrix"] as? String == "bt601")
        #expect(context["stream_converter"] as? String == "simd")
        #expect(context["warmup_rounds"] as? Int == 3)
        #expect(context["min_frames"] as? Int == 30)
        #expect(context["bench_seconds"] as? Double == 12.34)
        // The default budget: at most 3000 frames, 8 s a size, no deadline.
        #expect(context["max_frames"] as? Int == 3000)
        #expect(context["seconds_per_size"] as? Double == 8)
        #expect(context["deadline_seconds"] == nil)
        #expect(context["floor_tolerance"] as? Double == 0.95)
        #expect(context["pipeline_depth"] as? Int == 3)
        // The fixture's machine reads no /proc/cpuinfo fields.
        #expect(context["cpu_identity"] as? String == "unknown family unknown model unknown")
        // Six shapes, each with ordinary and streaming stores, pieces first.
        let methods = try #require(context["floor_methods"] as? [String])
        #expect(methods.count == 12)
        #expect(methods.prefix(3) == ["cached", "streaming", "blocks cached"])
    }

    @Test("a pipelined run's frame entry has its speed-up over the serial run of the same file")
    func speedUp() throws {
        let document = ReportDocument(ReportFixture.report(pipelined: [ReportFixture.clip(mode: .pipelined)]))
        let frame = try #require(document.benchmarks.first { $0.name == "stream/pipelined/clip-av1.mkv/frame" })
        // One pass of 0.5 s in each mode: one ratio of 1, its interval the range.
        #expect(frame.speedUpOverSerial == 1)
        #expect(frame.speedUpOverSerialInterval == [1, 1])
        let serial = try #require(document.benchmarks.first { $0.name == "stream/serial/clip-av1.mkv/frame" })
        #expect(serial.speedUpOverSerial == nil)
    }

    @Test("the document reads back equal, with the hand-worked figures")
    func readsBack() throws {
        let document = ReportDocument(ReportFixture.report())
        let back = try ReportDocument(json: try document.json())
        #expect(back == document)
        let simd = try #require(back.benchmarks.first)
        #expect(simd.name == "convert/simd/64x32")
        #expect(simd.realTime == 0.7)
        #expect(simd.ratioToLibyuv == 0.5)
        #expect(simd.ratioToLibyuvInterval == [0.4, 0.7])
        #expect(back.benchmarks.map(\.familyIndex) == (0..<11).map { $0 })
        #expect(back.notMeasured.map(\.reason) == ["failed (status 3)", "unsupported"])
        #expect(back.notMeasuredStreams.map(\.error) == ["not a WebM file"])
    }
}
