import Converters
import Frames
import Measurement
import Peers
import Testing

/// An orientation's cost against the same converter's upright conversion,
/// measured beside it round by round.
@Suite struct UprightRatioTests {
    /// `count` frame times around `median`, spread ±1 % in a fixed shuffle.
    static func times(_ median: Double, count: Int = 100) -> [Double] {
        (0..<count).map { index -> Double in
            let position = Double((index * 37) % count) / Double(count - 1)  // 0 ... 1, shuffled
            return median * (1 + 0.01 * (2 * position - 1))
        }
    }

    /// One cell's results from samples by label, with upright twins' samples.
    static func size(
        _ size: FrameSize, _ orientation: Orientation, _ walls: [String: [Double]], upright: [String: [Double]] = [:]
    ) -> CellResults {
        let samples = walls.sorted { $0.key < $1.key }.map {
            CellSamples(id: $0.key == "floor" ? .floor(threads: 1) : .converter($0.key), wall: $0.value, cpu: $0.value)
        }
        var result = ConverterBench.summarize(samples, size: size, orientation: orientation, bitExact: [:])
        result.uprightSamples = upright
        return result
    }

    @Test("oriented ÷ upright per converter, paired by round: a machine that drifts moves both and cancels")
    func ratios() throws {
        let hd = FrameSize(width: 1280, height: 720)
        // The machine slows down 3× over the cell; every round's pair moves together.
        let drift = (0..<100).map { 1 + 2 * Double($0) / 99 }
        let simd = zip(Self.times(150), drift).map { $0 * $1 }
        let simdUpright = zip(Self.times(100), drift).map { $0 * $1 }
        let sizes = [
            Self.size(hd, .upright, ["simd": Self.times(100)]),  // no twins in an upright cell
            Self.size(
                hd, .rotate90, ["simd": simd, "libyuv": Self.times(390), "floor": Self.times(80)],
                upright: ["simd": simdUpright, "libyuv": Self.times(130)]),
            Self.size(FrameSize(width: 64, height: 64), .mirror, ["lut": Self.times(5)]),  // twins not measured
        ]
        let ratios = UprightRatio.all(in: sizes)
        #expect(ratios.map(\.label) == ["libyuv", "simd"])
        #expect(ratios.allSatisfy { $0.size == hd && $0.orientation == .rotate90 })
        let simdRatio = try #require(ratios.first { $0.label == "simd" }).estimate
        #expect(simdRatio.lower <= 1.5 && 1.5 <= simdRatio.upper && simdRatio.upper - simdRatio.lower < 0.05)
        let libyuv = try #require(ratios.first { $0.label == "libyuv" }).estimate
        #expect(libyuv.lower <= 3 && 3 <= libyuv.upper)
    }

    @Test("in a run, every converter of an oriented cell has its twin, and the twins are not cells of their own")
    func twinsInARun() throws {
        let cells = [SyntheticCell(size: FrameSize(width: 48, height: 32), orientation: .mirror)]
        let converters: [any FrameConverter] = [LUTConverter(), LibYUVConverter()]
        var budget = RunBudget()
        (budget.warmupRounds, budget.minFrames, budget.maxFrames, budget.seconds) = (0, 5, 5, 0)
        let withTwins = ConverterBench.run(
            converters: converters, cells: cells, matrix: .bt601, budget: budget, uprightTwins: true
        ) { _ in }
        #expect(withTwins[0].cells.map(\.converter) == ["lut", "libyuv", "floor"])
        #expect(withTwins[0].uprightSamples.keys.sorted() == ["libyuv", "lut"])
        #expect(withTwins[0].uprightSamples.values.allSatisfy { $0.count == 5 })
        #expect(UprightRatio.all(in: withTwins).map(\.label) == ["lut", "libyuv"])
        let without = ConverterBench.run(converters: converters, cells: cells, matrix: .bt601, budget: budget) { _ in }
        #expect(without[0].uprightSamples.isEmpty && UprightRatio.all(in: without).isEmpty)
    }
}
