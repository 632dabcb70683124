import Foundation
import Reports
import Testing

/// The report document is written and read by one type: what it writes
/// reads back equal, and a field of the wrong type is named.
@Suite struct ReportDocumentTests {
    /// A document with every field of every section set.
    static func everyField() -> ReportDocument {
        var context = ReportContext()
        (context.date, context.hostName, context.executable) = ("2026-12-02T07:00:00+00:00", "host", "bench")
        (context.cores, context.megahertz, context.cpuScalingEnabled) = (2, 2450, false)
        context.caches = [ReportContext.Cache(type: "Data", level: 1, size: 32768, sharing: 1)]
        (context.loadAverage, context.buildType) = ([0.5, 0.25, 0.125], "release")
        (context.cpuModel, context.machineKey) = ("cpu", "key")
        (context.realTimeStatistic, context.cpuTimeStatistic, context.intervalStatistic) = ("median", "mean", "95 %")
        context.floorAlone = ["64x48": ["floor": 1.5]]
        context.floorWarnings = ["lut at 64x48: 0.90 [0.80,0.95] of floor"]
        context.simdPath = "avx2"
        context.matrix = "bt601"
        context.warmupRounds = 3
        context.minimumFrames = 30
        context.idleGapMilliseconds = 16.5
        context.streamConverter = "simd"
        context.parallelMinimumPixels = 1_048_576
        context.interleaving = "latin square"
        context.seconds = 12.25
        context.peerBuilds = [
            .init(converter: "libyuv", version: 1857, build: "Debian", measured: true),
            .init(converter: "libyuv-latest", version: nil, build: "not built", measured: false),
        ]
        // A size decided by six cycles, and one from a report written before
        // sizes were checked again (no `checks` or `changes`).
        context.storeTrials = [
            .init(
                bytes: 921_600, stores: "cached", cachedMedianMicros: 19, streamingMedianMicros: 22.7, checks: 6,
                changes: 2),
            .init(
                bytes: 1_228_800, stores: "streaming", cachedMedianMicros: 34.8, streamingMedianMicros: 35.1,
                checks: nil, changes: nil),
        ]
        var convert = ReportEntry(name: "convert/simd/64x48/mirror", samples: [1.5, 2.5])
        convert.runName = convert.name
        convert.runType = "iteration"
        convert.repetitions = 1
        convert.repetitionIndex = 0
        convert.threads = 1
        convert.iterations = 2
        convert.realTime = 2
        convert.timeUnit = "us"
        convert.cpuTime = 2.25
        convert.familyIndex = 0
        convert.perFamilyInstanceIndex = 0
        convert.ratioSamplesToLibyuv = [0.5, 0.75]
        convert.ratioSamplesToFloor = [1.25, 1.5]
        convert.converter = "simd"
        convert.width = 64
        convert.height = 48
        convert.matrix = "bt601"
        convert.orientation = "mirror"
        (convert.min, convert.p10, convert.p25, convert.p50) = (1.5, 1.5, 1.5, 2)
        (convert.p90, convert.p99, convert.max, convert.mean) = (2.5, 2.5, 2.5, 2)
        (convert.itemsPerSecond, convert.bytesPerSecond, convert.megapixelsPerSecond) = (5e5, 8e9, 1.5e3)
        (convert.ratioToLibyuv, convert.ratioToLibyuvInterval) = (0.625, [0.5, 0.75])
        (convert.cpuRatioToLibyuv, convert.cpuRatioToLibyuvInterval) = (0.5, [0.25, 0.75])
        convert.bestPeer = "libyuv-latest"
        (convert.ratioToBestPeer, convert.ratioToBestPeerInterval) = (0.875, [0.75, 1])
        (convert.ratioToFloor, convert.ratioToFloorInterval) = (1.375, [1.25, 1.5])
        convert.floor = "floor"
        convert.floorMethod = "whole-rows cached"
        (convert.ratioToScalar, convert.ratioToScalarInterval) = (0.125, [0.0625, 0.25])
        (convert.ratioToUpright, convert.ratioToUprightInterval) = (1.0625, [1, 1.125])
        convert.bitExact = true
        convert.deviation = ReportDeviation(maximumDifference: 2, differingShare: 0.25, psnr: 48.5)
        var nv12 = convert
        nv12.name = "convert/simd/64x48/nv12/mirror"
        nv12.runName = nv12.name
        nv12.layout = "nv12"
        (nv12.ratioToI420, nv12.ratioToI420Interval) = (1.25, [1.125, 1.375])
        convert.layout = "i420"
        var stream = ReportEntry(name: "stream/serial/a.ivf/frame", samples: [100])
        stream.ratioSamplesToDecode = [1.5]
        stream.realTimeStatistic = "per pass"
        stream.file = "Vectors/a.ivf"
        stream.mode = "serial"
        stream.frames = 30
        stream.passes = 2
        stream.timestampsMonotonic = false
        stream.timestampViolations = [4]
        stream.gaps = [7]
        stream.deliveryMonotonic = true
        stream.inOrder = true
        stream.expectedFailure = true
        stream.error = "frame 9 at byte 1234: truncated"
        stream.framesPerSecond = 300
        var figures = PresentationFigures(
            path: "Vectors/a.ivf", shown: 30, presented: 29, lost: [3], duplicates: 1, regressions: 0,
            nonPositiveDurations: 0, overlaps: 1, freezes: 0, late: 2, freezeThresholdNanoseconds: 50_000_000,
            meanFrameIntervalSeconds: 0.033, latencyNanoseconds: .init(p50: 1e6, p99: 2e6, max: 3e6),
            firstIssues: ["frame 3 lost"], passed: false, error: "stopped")
        figures.stamping = "host-clock"
        figures.scenario = "jitter"
        let missing = NotMeasuredCell(
            name: "convert/swscale/64x48/mirror",
            cell: EntryCell(converter: "swscale", width: 64, height: 48, orientation: "mirror"), reason: "unsupported")
        return ReportDocument(
            context: context, benchmarks: [convert, nv12, stream], presentation: [figures], notMeasured: [missing])
    }

    @Test("every field written reads back equal, and the run it describes has its figures")
    func roundTrip() throws {
        let document = Self.everyField()
        let text = String(decoding: try document.json(), as: UTF8.self)
        #expect(text.contains(#""json_schema_version" : 2"#))
        #expect(text.contains(#""ratio_to_libyuv_ci" : ["#) && text.contains(#""mpixels_per_second""#))
        #expect(text.contains(#""ratio_to_best_peer" : 0.875"#) && text.contains(#""ratio_to_best_peer_ci" : ["#))
        #expect(text.contains(#""best_peer" : "libyuv-latest""#) && text.contains(#""peer_builds" : ["#))
        #expect(text.contains(#""simd_store_trials" : ["#) && text.contains(#""checks" : 6"#))
        #expect(text.components(separatedBy: #""changes""#).count == 2, "the older entry writes no changes")
        let read = try ReportDocument(json: try document.json())
        #expect(read == document)
        let run = try ReportDocument(json: try document.json())
        #expect(run.machineKey == "key" && run.context.cores == 2 && run.context.parallelMinimumPixels == 1_048_576)
        let convert = try #require(run.entry(named: "convert/simd/64x48/mirror"))
        #expect(convert.cell == EntryCell(converter: "simd", width: 64, height: 48, orientation: "mirror"))
        #expect(convert.ratiosToLibyuv == [0.5, 0.75] && convert.ratiosToFloor == [1.25, 1.5])
        #expect(convert.cpuTime == 2.25 && convert.mean == 2 && convert.cpuRatioToLibyuv == 0.5)
        #expect(
            run.entry(named: "convert/simd/64x48/nv12/mirror")?.cell
                == EntryCell(converter: "simd", width: 64, height: 48, orientation: "mirror", layout: "nv12"))
        #expect(run.entry(named: "stream/serial/a.ivf/frame")?.ratiosToDecode == [1.5])
        #expect(run.notMeasuredReasons == [missing(document): "unsupported"])
    }

    /// The cell the document's first `not_measured` item names.
    func missing(_ document: ReportDocument) -> EntryCell { document.notMeasured[0].cell }

    @Test("the committed schema-2 report reads, and writing what was read reads back equal")
    func committedFileRoundTrips() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: SchemaTwoFileTests.path))
        let document = try ReportDocument(json: data)
        #expect(document.benchmarks.count == 34 && document.context.cores == 2)
        #expect(document.benchmarks[0].bitExact == true && document.benchmarks[0].floor == "floor")
        #expect(try ReportDocument(json: try document.json()) == document)
    }

    @Test(
        "a known field missing or of the wrong type is named with its entry or section",
        arguments: [
            (
                #"{"json_schema_version": 2, "benchmarks": [{"name": "a", "samples_us": [1], "width": "wide"}]}"#,
                "benchmarks[0] 'a' has a field width of the wrong type"
            ),
            (
                #"{"json_schema_version": 2, "benchmarks": [], "context": {"num_cpus": "two"}}"#,
                "context has a field num_cpus of the wrong type"
            ),
            (
                #"{"json_schema_version": 2, "benchmarks": [], "not_measured": [{"converter": "x"}]}"#,
                "not_measured[0] has no field name"
            ),
        ])
    func wrongType(text: String, reason: String) {
        #expect(throws: ReportReadError.notBenchmarkReport(reason: reason)) {
            try ReportDocument(json: Data(text.utf8))
        }
    }
}

/// Entry names are written from and read into one value.
@Suite struct EntryNameTests {
    @Test(
        "each layout reads back from its name; references and end-to-end timings are told by kind",
        arguments: [
            (EntryName.convert(converter: "simd", size: "640x480", orientation: nil), false, false),
            (.convert(converter: "simd", size: "640x480", orientation: "rotate90"), false, false),
            (.convert(converter: "floor:2threads", size: "1920x1080", orientation: nil), true, false),
            (.convert(converter: "libyuv", size: "64x48", orientation: "mirror"), true, false),
            (.convert(converter: "simd", size: "64x48", layout: "nv12", orientation: "mirror"), false, false),
            (.convert(converter: "floor", size: "64x48", layout: "nv12", orientation: nil), true, false),
            (.scaling(contender: "threads:2", size: "640x480"), false, false),
            (.stream(mode: "serial", file: "a.ivf", part: .decode), true, false),
            (.stream(mode: "pipelined", file: "a.ivf", part: .latency), false, true),
            (.other("something/else"), false, false),
        ])
    func roundTrip(name: EntryName, isReference: Bool, isEndToEnd: Bool) {
        #expect(EntryName(parsing: name.description) == name)
        #expect(name.isReference == isReference && name.isEndToEnd == isEndToEnd)
    }

    @Test("names of no known layout are kept whole")
    func unknown() {
        for text in ["convert/a", "stream/serial/a.ivf/encode", "scaling/x/y/z", ""] {
            #expect(EntryName(parsing: text) == .other(text))
        }
    }
}
