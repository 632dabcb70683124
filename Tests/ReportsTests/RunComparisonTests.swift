import Foundation
import Reports
import Testing

@testable import Statistics

/// Reports built in code, the way `bench --json` writes them.
enum Fixture {
    /// Samples around `median` with a deterministic spread of ±`spread`.
    static func samples(_ median: Double, count: Int = 60, spread: Double = 0.02) -> [Double] {
        (0..<count).map { index -> Double in
            let position = Double((index * 37) % count) / Double(count - 1)  // 0 ... 1, shuffled
            return median * (1 + spread * (2 * position - 1))
        }
    }

    /// One entry's JSON object.
    static func entry(
        _ name: String, _ samples: [Double], ratios: [Double]? = nil, decodeRatios: [Double]? = nil,
        floorRatios: [Double]? = nil
    ) -> [String: Any] {
        var object: [String: Any] = [
            "name": name, "real_time": Percentile.median(samples) ?? 0, "time_unit": "us",
            "samples_us": samples, "iterations": samples.count,
        ]
        if let ratios { object["ratio_samples_to_libyuv"] = ratios }
        if let decodeRatios { object["ratio_samples_to_decode"] = decodeRatios }
        if let floorRatios { object["ratio_samples_to_floor"] = floorRatios }
        return object
    }

    /// A whole report's bytes.
    static func report(
        machine: String? = "AuthenticAMD family 26 model 2, 2 cores, simd avx512",
        _ entries: [[String: Any]]
    ) -> Data {
        var context: [String: Any] = ["cpu_model": "AMD EPYC", "date": "2026-12-01"]
        if let machine { context["machine_key"] = machine }
        let document: [String: Any] = ["json_schema_version": 2, "context": context, "benchmarks": entries]
        return try! JSONSerialization.data(withJSONObject: document)
    }

    /// A parsed report.
    static func run(
        machine: String? = "AuthenticAMD family 26 model 2, 2 cores, simd avx512",
        _ entries: [[String: Any]]
    ) throws -> ReportDocument {
        try ReportDocument(json: report(machine: machine, entries))
    }
}

@Suite struct ReportReadingTests {
    @Test("a report's machine key, names, samples and optional ratios; other fields are ignored")
    func parses() throws {
        let text = """
            {"json_schema_version": 2, "context": {"machine_key": "m1", "num_cpus": 2},
             "benchmarks": [
               {"name": "convert/simd/8x8", "real_time": 2, "time_unit": "us", "samples_us": [3, 1, 2],
                "ratio_samples_to_libyuv": [0.9, 0.8], "bit_exact": true},
               {"name": "stream/serial/a.ivf/decode", "samples_us": [12.5], "ratio_samples_to_libyuv": null},
               {"name": "convert/lut/8x8", "samples_us": [4], "ratio_samples_to_libyuv": []}]}
            """
        let run = try ReportDocument(json: Data(text.utf8))
        #expect(run.machineKey == "m1")
        #expect(run.benchmarks.map(\.name) == ["convert/simd/8x8", "stream/serial/a.ivf/decode", "convert/lut/8x8"])
        let simd = try #require(run.entry(named: "convert/simd/8x8"))
        #expect(simd.samples == [3, 1, 2] && simd.ratiosToLibyuv == [0.9, 0.8] && simd.median == 2)
        #expect(run.entry(named: "stream/serial/a.ivf/decode")?.ratiosToLibyuv == nil)
        #expect(run.entry(named: "convert/lut/8x8")?.ratiosToLibyuv == nil)
        #expect(try ReportDocument(json: Data(#"{"json_schema_version": 2, "benchmarks": []}"#.utf8)).machineKey == nil)
    }

    @Test(
        "each kind of bad input is named",
        arguments: [
            ("{", "not JSON"),
            ("", "not JSON"),
            ("[1, 2]", "not a FrameBench JSON report (the top level is not an object)"),
            (#"{"benchmarks": []}"#, "not a FrameBench JSON report (no json_schema_version)"),
            (
                #"{"json_schema_version": 1, "benchmarks": []}"#,
                "not a FrameBench JSON report (json_schema_version is 1, not 2)"
            ),
            (
                #"{"json_schema_version": "2", "benchmarks": []}"#,
                "not a FrameBench JSON report (json_schema_version is '2', not 2)"
            ),
            (#"{"json_schema_version": 2, "context": {}}"#, "not a FrameBench JSON report (no benchmarks array)"),
            (#"{"json_schema_version": 2, "benchmarks": {}}"#, "not a FrameBench JSON report (no benchmarks array)"),
            (
                #"{"json_schema_version": 2, "benchmarks": [3]}"#,
                "not a FrameBench JSON report (benchmarks[0] is not an object)"
            ),
            (
                #"{"json_schema_version": 2, "benchmarks": [{"samples_us": [1]}]}"#,
                "not a FrameBench JSON report (benchmarks[0] has no name)"
            ),
            (
                #"{"json_schema_version": 2, "benchmarks": [{"name": "a", "real_time": 1}]}"#,
                "not a FrameBench JSON report (benchmarks[0] 'a' has no samples_us array of positive numbers)"
            ),
            (
                #"{"json_schema_version": 2, "benchmarks": [{"name": "a", "samples_us": []}]}"#,
                "not a FrameBench JSON report (benchmarks[0] 'a' has no samples_us array of positive numbers)"
            ),
            (
                #"{"json_schema_version": 2, "benchmarks": [{"name": "a", "samples_us": [1, 0]}]}"#,
                "not a FrameBench JSON report (benchmarks[0] 'a' has no samples_us array of positive numbers)"
            ),
            (
                #"{"json_schema_version": 2, "benchmarks": [{"name": "a", "samples_us": [1, true]}]}"#,
                "not a FrameBench JSON report (benchmarks[0] 'a' has no samples_us array of positive numbers)"
            ),
            (
                #"{"json_schema_version": 2, "benchmarks": [{"name": "a", "samples_us": [1], "ratio_samples_to_libyuv": [-1]}]}"#,
                "not a FrameBench JSON report (benchmarks[0] 'a' has a ratio_samples_to_libyuv that is not an array of positive numbers)"
            ),
            (
                #"{"json_schema_version": 2, "benchmarks": [{"name": "a", "samples_us": [1], "ratio_samples_to_floor": ["x"]}]}"#,
                "not a FrameBench JSON report (benchmarks[0] 'a' has a ratio_samples_to_floor that is not an array of positive numbers)"
            ),
            (
                #"{"json_schema_version": 2, "benchmarks": [{"name": "a", "samples_us": [1], "ratio_samples_to_decode": [0]}]}"#,
                "not a FrameBench JSON report (benchmarks[0] 'a' has a ratio_samples_to_decode that is not an array of positive numbers)"
            ),
            (
                #"{"json_schema_version": 2, "benchmarks": [{"name": "a", "samples_us": [1]}, {"name": "a", "samples_us": [2]}]}"#,
                "not a FrameBench JSON report (benchmarks[1] 'a' repeats a name)"
            ),
        ])
    func badInput(text: String, message: String) {
        #expect {
            _ = try ReportDocument(json: Data(text.utf8))
        } throws: { error in
            "\(error)" == message
        }
    }
}

@Suite struct RunComparisonTests {
    @Test("entries are matched by name whatever their order; the others are listed, not compared")
    func matchesByName() throws {
        let base = try Fixture.run([
            Fixture.entry("a", Fixture.samples(100)), Fixture.entry("b", Fixture.samples(200)),
            Fixture.entry("gone", Fixture.samples(5)),
        ])
        let new = try Fixture.run([
            Fixture.entry("added", Fixture.samples(7)), Fixture.entry("b", Fixture.samples(240)),
            Fixture.entry("a", Fixture.samples(100)),
        ])
        let comparison = try RunComparison(base: base, new: new)
        #expect(comparison.entries.map(\.name) == ["a", "b"])
        #expect(comparison.onlyInBase == ["gone"] && comparison.onlyInNew == ["added"])
        let b = comparison.entries[1]
        #expect(b.basis == .time && b.verdict == .slower)
        #expect(
            b.baseMedian == Percentile.median(Fixture.samples(200))
                && b.newMedian == Percentile.median(Fixture.samples(240)))
        let ratio = try #require(b.ratio)
        #expect(abs(ratio.median - 1.2) < 1e-9 && ratio.lower < 1.2 && ratio.upper > 1.2)
        #expect(comparison.entries[0].verdict == .same && comparison.entries[0].ratio?.median == 1)
        #expect(comparison.summaryLine == "1 slower, 0 faster, 1 same" && comparison.hasSlower)
    }

    @Test("no name in common is an error")
    func nothingInCommon() throws {
        let base = try Fixture.run([Fixture.entry("a", [1])])
        let new = try Fixture.run([Fixture.entry("b", [1])])
        #expect(throws: ComparisonError.noEntriesInCommon) { try RunComparison(base: base, new: new) }
        #expect("\(ComparisonError.noEntriesInCommon)" == "no benchmark names in common")
    }

    @Test("both entries with ratios to libyuv compare those, which cancel a slower machine; else times")
    func basis() throws {
        let ratios = Fixture.samples(0.9, count: 40)
        // The new run's machine is 1.5× slower throughout, libyuv included.
        let base = try Fixture.run([
            Fixture.entry("simd", Fixture.samples(100), ratios: ratios),
            Fixture.entry("lut", Fixture.samples(300), ratios: ratios),
        ])
        let new = try Fixture.run([
            Fixture.entry("simd", Fixture.samples(150), ratios: ratios.reversed()),
            Fixture.entry("lut", Fixture.samples(450)),
        ])
        let comparison = try RunComparison(base: base, new: new)
        let simd = comparison.entries[0]
        let lut = comparison.entries[1]
        #expect(simd.basis == .ratioToLibyuv && simd.basis.label == "×libyuv")
        #expect(simd.ratio?.median == 1 && simd.verdict == .same)
        #expect(simd.ratio?.count == BlockMedians.defaultCount)  // 40 ratios in 10 blocks
        #expect(lut.basis == .time && lut.basis.label == "time" && lut.verdict == .slower)
    }

    @Test(
        "an entry with ratios is slower or faster only when its times agree",
        arguments: [
            // (time factor, ratio factor, verdict)
            (1.0, 1.12, Verdict.same),  // only the reference moved (it got faster)
            (1.12, 1.0, .same),  // the whole machine got slower, reference included
            (1.3, 1.3, .slower),  // the converter's own code got slower
            (0.7, 0.7, .faster),
            (1.3, 0.7, .same),  // contradicting: nothing is decided
        ])
    func timesMustAgree(timeFactor: Double, ratioFactor: Double, verdict: Verdict) throws {
        let times = Fixture.samples(200, count: 60, spread: 0.01)
        let ratios = Fixture.samples(0.8, count: 60, spread: 0.01)
        let base = try Fixture.run([Fixture.entry("convert/scalar/1280x720/rotate90", times, ratios: ratios)])
        let new = try Fixture.run([
            Fixture.entry(
                "convert/scalar/1280x720/rotate90", times.map { $0 * timeFactor },
                ratios: ratios.map { $0 * ratioFactor })
        ])
        let entry = try RunComparison(base: base, new: new).entries[0]
        let time = try #require(entry.timeRatio)
        #expect(entry.basis == .ratioToLibyuv)
        let ratio = try #require(entry.ratio)
        #expect(abs(ratio.median - ratioFactor) < 0.01 && abs(time.median - timeFactor) < 0.01)
        #expect(entry.verdict == verdict)
    }

    @Test(
        "with ratios to the floor in both runs, they must agree too",
        arguments: [
            // (factor of times and ratios to libyuv, factor of ratios to the floor, verdict)
            (1.2, 0.98, Verdict.same),  // memory 20 % slower for the converter alone: its floor moved as much
            (1.2, 1.2, .slower),  // the converter's own code
            (0.8, 0.8, .faster),
        ])
    func floorMustAgree(factor: Double, floorFactor: Double, verdict: Verdict) throws {
        let times = Fixture.samples(30, count: 60, spread: 0.01)
        let ratios = Fixture.samples(0.7, count: 60, spread: 0.01)
        let floorRatios = Fixture.samples(1.0, count: 60, spread: 0.01)
        let name = "convert/simd/640x480"
        let base = try Fixture.run([Fixture.entry(name, times, ratios: ratios, floorRatios: floorRatios)])
        let new = try Fixture.run([
            Fixture.entry(
                name, times.map { $0 * factor }, ratios: ratios.map { $0 * factor },
                floorRatios: floorRatios.map { $0 * floorFactor })
        ])
        let entry = try RunComparison(base: base, new: new).entries[0]
        let floor = try #require(entry.floorRatio)
        #expect(abs(floor.median - floorFactor) < 0.01)
        #expect(entry.verdict == verdict)
        let parsed = try #require(new.entry(named: name)?.ratiosToFloor)
        #expect(parsed.count == 60)
    }

    @Test(
        "faster, slower and same by whole runs scaled by a factor",
        arguments: [(1.2, Verdict.slower), (0.8, .faster), (1.0, .same), (1.02, .same), (0.98, .same)])
    func scaledRuns(factor: Double, verdict: Verdict) throws {
        let samples = Fixture.samples(480, count: 200, spread: 0.01)
        let base = try Fixture.run([Fixture.entry("x", samples)])
        let new = try Fixture.run([Fixture.entry("x", samples.map { $0 * factor })])
        let comparison = try RunComparison(base: base, new: new)
        #expect(comparison.entries[0].verdict == verdict, "\(String(describing: comparison.entries[0].ratio))")
        #expect(comparison.hasSlower == (verdict == .slower))
    }

    /// An interval from `lower` to `upper`.
    static func interval(_ lower: Double, _ upper: Double) -> RatioEstimate {
        RatioEstimate(median: (lower + upper) / 2, lower: lower, upper: upper, count: 100)
    }

    @Test("verdicts at and around the threshold: only an interval wholly beyond it counts")
    func threshold() {
        let t = 0.05
        #expect(Verdict(Self.interval(1.05, 1.2), threshold: t) == .same)  // lower exactly at 1 + t
        #expect(Verdict(Self.interval(1.0500001, 1.2), threshold: t) == .slower)
        #expect(Verdict(Self.interval(1.04, 1.2), threshold: t) == .same)  // straddles 1 + t
        #expect(Verdict(Self.interval(0.8, 1 / 1.05), threshold: t) == .same)  // upper exactly at 1/(1 + t)
        #expect(Verdict(Self.interval(0.8, 1 / 1.05 - 1e-7), threshold: t) == .faster)
        #expect(Verdict(Self.interval(0.8, 0.96), threshold: t) == .same)  // 0.96 > 1/1.05 = 0.952…
        #expect(Verdict(Self.interval(1.01, 1.04), threshold: t) == .same)  // wholly above 1, inside the band
        #expect(Verdict(Self.interval(1.01, 1.04), threshold: 0) == .slower)
        #expect(Verdict(Self.interval(0.97, 0.99), threshold: 0) == .faster)
        #expect(Verdict(Self.interval(0.99, 1.01), threshold: 0) == .same)
    }

    @Test("the comparison uses its threshold")
    func comparisonThreshold() throws {
        let samples = Fixture.samples(100, count: 100, spread: 0.001)
        let base = try Fixture.run([Fixture.entry("x", samples)])
        let new = try Fixture.run([Fixture.entry("x", samples.map { $0 * 1.08 })])
        #expect(try RunComparison(base: base, new: new).entries[0].verdict == .slower)
        #expect(try RunComparison(base: base, new: new, threshold: 0.1).entries[0].verdict == .same)
        #expect(try RunComparison(base: base, new: new, threshold: 0.1).threshold == 0.1)
    }

    @Test("the first line says whether the runs are from the same kind of machine")
    func machineLine() throws {
        let entries = [Fixture.entry("x", [1, 2, 3])]
        let amd = try Fixture.run(machine: "AMD EPYC, 2 cores, simd avx2", entries)
        let intel = try Fixture.run(machine: "Intel Xeon, 2 cores, simd avx512", entries)
        let unnamed = try Fixture.run(machine: nil, entries)
        #expect(
            try RunComparison(base: amd, new: amd).machineLine == "same kind of machine: AMD EPYC, 2 cores, simd avx2")
        #expect(try RunComparison(base: amd, new: amd).sameMachine)
        #expect(
            try RunComparison(base: amd, new: intel).machineLine
                == "comparing runs from different machines: BASE AMD EPYC, 2 cores, simd avx2 vs NEW Intel Xeon, 2 cores, simd avx512"
        )
        #expect(
            try RunComparison(base: unnamed, new: unnamed).machineLine
                == "comparing runs from different machines: BASE unknown vs NEW unknown")
        #expect(try !RunComparison(base: unnamed, new: amd).sameMachine)
    }
}

@Suite struct InconclusiveComparisonTests {
    @Test("one sample against one decides nothing, however different")
    func oneSample() throws {
        let comparison = try RunComparison(
            base: ReportDocument(machineKey: "m", benchmarks: [ReportEntry(name: "stream/x/frame", samples: [37.6])]),
            new: ReportDocument(machineKey: "m", benchmarks: [ReportEntry(name: "stream/x/frame", samples: [23.5])]))
        #expect(comparison.entries[0].verdict == .same)
    }

    @Test("a difference below the clock's resolution decides nothing")
    func belowResolution() throws {
        let base = (0..<100).map { _ in 0.09 }
        let new = (0..<100).map { _ in 0.10 }
        let comparison = try RunComparison(
            base: ReportDocument(machineKey: "m", benchmarks: [ReportEntry(name: "tiny", samples: base)]),
            new: ReportDocument(machineKey: "m", benchmarks: [ReportEntry(name: "tiny", samples: new)]))
        #expect(try #require(comparison.entries[0].ratio).lower > 1.05)
        #expect(comparison.entries[0].verdict == .same)
    }
}

/// References (floors, libyuv, libvpx's decodes) are compared and shown,
/// never decisive.
@Suite struct ReferenceEntryTests {
    @Test("floors, libyuv's conversions and libvpx's decodes are references; the build's entries are not")
    func names() {
        #expect(EntryComparison.isReference("convert/floor/1920x1080"))
        #expect(EntryComparison.isReference("convert/floor:2threads/1920x1080"))
        #expect(EntryComparison.isReference("convert/libyuv/1280x720/rotate90"))
        #expect(EntryComparison.isReference("stream/serial/size-1x1.ivf/decode"))
        #expect(EntryComparison.isReference("stream/pipelined/a.ivf/decode"))
        #expect(!EntryComparison.isReference("convert/floorish/1920x1080"))
        #expect(!EntryComparison.isReference("convert/libyuvish/1920x1080"))
        #expect(!EntryComparison.isReference("convert/simd/1920x1080"))
        #expect(!EntryComparison.isReference("convert/swscale/1920x1080"))
        #expect(!EntryComparison.isReference("stream/serial/decode.ivf/convert"))
        #expect(!EntryComparison.isReference("stream/serial/a.ivf/latency"))
        #expect(!EntryComparison.isReference("scaling/threads:2/decode"))
    }

    @Test("a stream's convert, latency and frame timings are end to end and do not decide; converters' cells do")
    func endToEnd() throws {
        /// The comparison of one entry named `name` with itself.
        func entry(_ name: String) throws -> EntryComparison {
            let run = try Fixture.run([Fixture.entry(name, [1, 2, 3])])
            return try RunComparison(base: run, new: run).entries[0]
        }
        for part in ["convert", "latency", "frame"] {
            let e = try entry("stream/pipelined/a.ivf/" + part)
            #expect(e.isEndToEnd && !e.isReference && !e.decides)
        }
        let decode = try entry("stream/serial/a.ivf/decode")
        #expect(decode.isReference && !decode.isEndToEnd && !decode.decides)
        for name in ["convert/simd/1280x720/rotate90", "scaling/threads:2/1920x1080", "stream/serial/convert"] {
            let e = try entry(name)
            #expect(!e.isEndToEnd && e.decides, "\(name)")
        }
    }

    @Test("a slower reference is reported but does not make the comparison fail; a slower converter does")
    func referencesDoNotDecide() throws {
        let samples = Fixture.samples(480, count: 200, spread: 0.01)
        let references = ["convert/floor/640x480", "convert/libyuv/640x480", "stream/serial/a.ivf/decode"]
        let base = try Fixture.run(references.map { Fixture.entry($0, samples) } + [Fixture.entry("x", samples)])
        let slowerReferences = try Fixture.run(
            references.map { Fixture.entry($0, samples.map { $0 * 1.3 }) } + [Fixture.entry("x", samples)])
        let comparison = try RunComparison(base: base, new: slowerReferences)
        #expect(comparison.entries.prefix(3).allSatisfy { $0.verdict == .slower && $0.isReference })
        #expect(!comparison.hasSlower)
        #expect(
            comparison.summaryLine == "0 slower, 0 faster, 1 same; 3 references moved (the machine's, not a verdict)")
        let slowerConverter = try Fixture.run(
            references.map { Fixture.entry($0, samples) } + [Fixture.entry("x", samples.map { $0 * 1.3 })])
        #expect(try RunComparison(base: base, new: slowerConverter).hasSlower)
    }
}

/// Stream entries are compared on their ratios to libvpx's decode of the
/// same frames, measured side by side in their own run.
@Suite struct DecodeRatioTests {
    /// The comparison of stream entry `name` (40 times around `time` µs,
    /// with ratios to decode around `ratio` unless it is nil; 1 % spread)
    /// with the same entry, its times multiplied by `timeFactor` and its
    /// ratios by `ratioFactor`.
    static func comparison(
        _ name: String, time: Double, ratio: Double?, timeFactor: Double, ratioFactor: Double = 1
    ) throws -> RunComparison {
        let times = Fixture.samples(time, count: 40, spread: 0.01)
        let ratios = ratio.map { Fixture.samples($0, count: 40, spread: 0.01) }
        let base = try Fixture.run([Fixture.entry(name, times, decodeRatios: ratios)])
        let new = try Fixture.run([
            Fixture.entry(name, times.map { $0 * timeFactor }, decodeRatios: ratios?.map { $0 * ratioFactor })
        ])
        return try RunComparison(base: base, new: new)
    }

    @Test("a machine 8 % slower for a whole run moves the times, not the ratios to decode: same")
    func machineCancels() throws {
        let name = "stream/serial/size-640x480.ivf/latency"
        let entry = try Self.comparison(name, time: 1800, ratio: 1.2, timeFactor: 1.08).entries[0]
        #expect(entry.basis == .ratioToDecode && entry.verdict == .same)
        #expect(entry.newMedian > entry.baseMedian * 1.07)
        let timesOnly = try Self.comparison(name, time: 1800, ratio: nil, timeFactor: 1.08)
        #expect(timesOnly.entries[0].basis == .time && timesOnly.entries[0].verdict == .slower)
    }

    @Test("a conversion 30 % slower beside the same decode is slower on the ratios, shown but not deciding")
    func slowerConversionShows() throws {
        let comparison = try Self.comparison(
            "stream/pipelined/a.ivf/convert", time: 30, ratio: 0.1, timeFactor: 1.3, ratioFactor: 1.3)
        #expect(comparison.entries[0].basis == .ratioToDecode && comparison.entries[0].verdict == .slower)
        #expect(comparison.entries[0].isEndToEnd && !comparison.entries[0].decides && !comparison.hasSlower)
        #expect(comparison.summaryLine == "0 slower, 0 faster, 0 same; 1 end-to-end timing moved (not a verdict)")
    }

    @Test("ratios to libyuv win over ratios to decode, which win over times; both sides must have them")
    func basisOrder() throws {
        let values = Fixture.samples(2, count: 20)
        let both = Fixture.entry("e", values, ratios: values, decodeRatios: values)
        let decodeOnly = Fixture.entry("e", values, decodeRatios: values)
        let plain = Fixture.entry("e", values)
        #expect(
            try RunComparison(base: Fixture.run([both]), new: Fixture.run([both])).entries[0].basis == .ratioToLibyuv)
        #expect(
            try RunComparison(base: Fixture.run([both]), new: Fixture.run([decodeOnly])).entries[0].basis
                == .ratioToDecode)
        #expect(try RunComparison(base: Fixture.run([decodeOnly]), new: Fixture.run([plain])).entries[0].basis == .time)
    }

    @Test("ratio_samples_to_decode is read")
    func parsing() throws {
        let run = try Fixture.run([Fixture.entry("s", [3, 4], decodeRatios: [1.5, 2])])
        #expect(run.entry(named: "s")?.ratiosToDecode == [1.5, 2] && run.entry(named: "s")?.ratiosToLibyuv == nil)
    }
}
