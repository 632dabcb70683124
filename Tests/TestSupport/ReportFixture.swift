import Containers
import Frames
import ReportRun

@testable import Conformance
@testable import Measurement
@testable import Streams

// The `@testable` imports reach the memberwise initialisers of result types
// that only their own modules make (`StreamRun`, `MachineInfo`, ...); the
// tests build debug, where every module is built for testing.

/// A report built by hand from fixed numbers: nothing timed, converted,
/// decoded or read. The figures each test expects are worked out by hand
/// from the numbers here (nearest-rank percentiles: rank ⌈q·n⌉).
public enum ReportFixture {
    /// The synthetic cell's frame size: 2048 pixels.
    public static let size = FrameSize(width: 64, height: 32)

    /// 1/30 s, the timebase of every hand-made stream.
    public static let timebase = Timebase(numerator: 1, denominator: 30)!

    /// The one synthetic cell, 5 rounds (below 6 pairs the 95 % interval
    /// is the whole range of the ratios):
    /// - simd wall 500 1200 400 800 700 ns, cpu 600 each;
    /// - libyuv wall 1000 2000 1000 2000 1000 ns, cpu 1000 each;
    /// - floor wall 250 400 200 400 350 ns, cpu 300 each;
    /// - plug-in `plugin-x` failed it (status 3), `lut` refused it.
    public static func syntheticCell() -> CellResults {
        var cell = ConverterBench.summarize(
            [
                CellSamples(id: .converter("simd"), wall: [500, 1200, 400, 800, 700], cpu: [600, 600, 600, 600, 600]),
                CellSamples(
                    id: .converter("libyuv"), wall: [1000, 2000, 1000, 2000, 1000],
                    cpu: [1000, 1000, 1000, 1000, 1000]),
                CellSamples(id: .floor(threads: 1), wall: [250, 400, 200, 400, 350], cpu: [300, 300, 300, 300, 300]),
            ], size: size, bitExact: ["simd": true, "libyuv": true])
        cell.excluded = [
            ContenderFailure(id: .converter("plugin-x"), error: .failed(status: 3)),
            ContenderFailure(id: .converter("lut"), error: .unsupported),
        ]
        return cell
    }

    /// The timestamp check of shown frames presented at `times` (in
    /// `timebase` ticks), frame `i` from packet `i + 1`.
    public static func shown(_ times: [Int64]) -> TimestampCheck {
        TimestampCheck(
            frames: times.enumerated().map { index, time in
                ShownFrameTime(index: index, packet: index + 1, time: MediaTime(value: time, timebase: timebase))
            })
    }

    /// `/v/clip-av1.mkv`, the file's second video track (AV1) beside one
    /// other track: 4 frames presented at 0 1 2 4 (a gap at frame 3),
    /// decode 3000 1000 2000 4000 ns, convert 500 700 600 800 ns, latency
    /// 1000 1500 1200 1300 ns, one pass of 0.5 s.
    public static func clip(path: String = "/v/clip-av1.mkv", mode: StreamRun.Mode = .serial) -> StreamRun {
        StreamRun(
            path: path, mode: mode, converter: "simd", frames: 4,
            track: Track(
                container: "Matroska", codec: .av1, timebase: timebase, declaredSize: size, otherTracks: 1, number: 2),
            decodeTimes: [3000, 1000, 2000, 4000], convertTimes: [500, 700, 600, 800],
            shownDecodeTimes: [3000, 1000, 2000, 4000], latencies: [1000, 1500, 1200, 1300], passSeconds: [0.5],
            passDecodeTimes: [10000], timestamps: shown([0, 1, 2, 4]), inOrder: true, deliveryBackwardsAt: nil,
            error: nil)
    }

    /// `/v/bad-ts-backwards.ivf`, broken on purpose: VP8, 3 frames
    /// presented at 0 2 1 (backwards at frame 2), delivery backwards at
    /// hand-off 2, stopped by `packet 3: truncated`.
    public static func badTimestamps() -> StreamRun {
        StreamRun(
            path: "/v/bad-ts-backwards.ivf", mode: .serial, converter: "simd", frames: 3,
            track: Track(container: "IVF", codec: .vp8, timebase: timebase, declaredSize: size),
            decodeTimes: [1000, 1000, 1000], convertTimes: [400, 400, 400], shownDecodeTimes: [1000, 1000, 1000],
            latencies: [1500, 1500, 1500], passSeconds: [0.25], passDecodeTimes: [3000], timestamps: shown([0, 2, 1]),
            inOrder: true, deliveryBackwardsAt: 2, error: "packet 3: truncated")
    }

    /// `path` (default `/v/broken.webm`), which could not be read: no
    /// track, no frame, `not a WebM file`.
    public static func unreadable(_ path: String = "/v/broken.webm", mode: StreamRun.Mode = .serial) -> StreamRun {
        StreamRun(
            path: path, mode: mode, converter: "simd", frames: 0, decodeTimes: [], convertTimes: [],
            shownDecodeTimes: [], latencies: [], passSeconds: [], passDecodeTimes: [], timestamps: shown([]),
            inOrder: true, deliveryBackwardsAt: nil, error: "not a WebM file")
    }

    /// A serial run of `path` (VP8 in IVF) whose shown frames are presented
    /// at `shown` (in `timebase` ticks), each decoded in 1000 ns and
    /// converted in 500 ns, one pass of 1 s, handed off in order or not.
    public static func stream(path: String, shown: [Int64], inOrder: Bool = true) -> StreamRun {
        let times = [Double](repeating: 1000, count: shown.count)
        return StreamRun(
            path: path, mode: .serial, converter: "simd", frames: shown.count,
            track: Track(container: "IVF", codec: .vp8, timebase: timebase, declaredSize: size), decodeTimes: times,
            convertTimes: times.map { $0 / 2 }, shownDecodeTimes: times, latencies: times, passSeconds: [1],
            passDecodeTimes: [times.reduce(0, +)], timestamps: Self.shown(shown), inOrder: inOrder,
            deliveryBackwardsAt: nil, error: nil)
    }

    /// A machine described by hand (nothing read from `/proc`).
    public static var machine: MachineInfo {
        MachineInfo(
            cpuModel: "Test CPU", key: MachineKey(cpuinfo: "", cores: 2, simdLevel: "avx2"), cores: 2, megahertz: 2450,
            build: "release", simdPath: "simd level avx2", hostName: "host", loadAverage: [0.5, 0.25, 0.125], caches: []
        )
    }

    /// A report of `synthetic` cells and `serial` and `pipelined` runs, the
    /// default budget, matrix bt601, 12.34 s.
    public static func report(
        synthetic: [CellResults] = [syntheticCell()],
        serial: [StreamRun] = [clip(), badTimestamps(), unreadable()], pipelined: [StreamRun] = []
    ) -> Report {
        Report(
            machine: machine, date: "2026-01-02T03:04:05+00:00", matrix: .bt601, budget: RunBudget(),
            streamConverter: "simd", parallelMinimumPixels: nil, synthetic: synthetic, serial: serial,
            pipelined: pipelined, scaling: [], presentation: [], seconds: 12.34)
    }
}
