import Frames
import Measurement
import Testing

/// An orientation's cost against the same converter's upright cell of the same run.
@Suite struct UprightRatioTests {
    /// `count` frame times around `median`, spread ±1 % in a fixed shuffle.
    static func times(_ median: Double, count: Int = 100) -> [Double] {
        (0..<count).map { index -> Double in
            let position = Double((index * 37) % count) / Double(count - 1)  // 0 ... 1, shuffled
            return median * (1 + 0.01 * (2 * position - 1))
        }
    }

    /// One cell's results from samples by label.
    static func size(_ size: FrameSize, _ orientation: Orientation, _ walls: [String: [Double]]) -> SizeResult {
        let samples = walls.sorted { $0.key < $1.key }.map { CellSamples(label: $0.key, wall: $0.value, cpu: $0.value) }
        return ConverterBench.summarize(samples, size: size, orientation: orientation, bitExact: [:])
    }

    @Test("oriented ÷ upright per converter and size, with an interval that holds the true ratio")
    func ratios() throws {
        let hd = FrameSize(width: 1280, height: 720)
        let vga = FrameSize(width: 640, height: 480)
        let sizes = [
            Self.size(hd, .upright, ["simd": Self.times(100), "libyuv": Self.times(130), "floor": Self.times(80)]),
            Self.size(hd, .rotate90, ["simd": Self.times(150), "libyuv": Self.times(390), "floor": Self.times(80)]),
            Self.size(vga, .mirror, ["simd": Self.times(30)]),  // no upright cell at this size
            Self.size(hd, .mirror, ["lut": Self.times(500)]),  // no upright lut cell
        ]
        let ratios = UprightRatio.all(in: sizes)
        #expect(ratios.map(\.label) == ["libyuv", "simd"])
        #expect(ratios.allSatisfy { $0.size == hd && $0.orientation == .rotate90 })
        let simd = try #require(ratios.first { $0.label == "simd" })
        #expect(simd.estimate.lower <= 1.5 && 1.5 <= simd.estimate.upper)
        #expect(simd.estimate.upper - simd.estimate.lower < 0.05)
        let libyuv = try #require(ratios.first { $0.label == "libyuv" })
        #expect(libyuv.estimate.lower <= 3 && 3 <= libyuv.estimate.upper)
    }

    @Test("a run with upright cells only has no ratios")
    func uprightOnly() {
        let size = Self.size(FrameSize(width: 64, height: 64), .upright, ["simd": Self.times(10)])
        #expect(UprightRatio.all(in: [size]).isEmpty)
    }
}
