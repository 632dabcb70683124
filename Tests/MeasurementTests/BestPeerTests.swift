import Frames
import Measurement
import Statistics
import Testing

/// The ratio to the best peer divides, round by round, by the cell's
/// fastest peer: libyuv (Debian's), libyuv-latest or swscale.
@Suite struct BestPeerTests {
    static let size = FrameSize(width: 64, height: 64)

    @Test("the fastest peer by median is the divisor, paired round by round; floors get none")
    func fastestPeer() throws {
        let samples = [
            CellSamples(id: .converter("libyuv"), wall: [20, 20, 20], cpu: [20, 20, 20]),
            CellSamples(id: .converter("libyuv-latest"), wall: [10, 16, 12], cpu: [10, 16, 12]),
            CellSamples(id: .converter("swscale"), wall: [30, 30, 30], cpu: [30, 30, 30]),
            CellSamples(id: .converter("simd"), wall: [11, 8, 15], cpu: [11, 8, 15]),
            CellSamples(id: .floor(threads: 1), wall: [9, 9, 9], cpu: [9, 9, 9]),
        ]
        let result = ConverterBench.summarize(samples, size: Self.size, bitExact: [:])
        let simd = try #require(result.cells.first { $0.converter == "simd" })
        #expect(simd.bestPeer == "libyuv-latest")
        // 11/10, 8/16, 15/12: the median of 1.1, 0.5, 1.25 is 1.1.
        #expect(simd.ratioToBestPeer == 1.1)
        #expect(simd.ratioToLibyuv == 0.55)
        let floor = try #require(result.cells.first { $0.isFloor })
        #expect(floor.bestPeer == nil && floor.ratioToBestPeer == nil)
    }

    @Test("with libyuv alone, the best peer is libyuv")
    func oracleAlone() throws {
        let samples = [
            CellSamples(id: .converter("libyuv"), wall: [20], cpu: [20]),
            CellSamples(id: .converter("simd"), wall: [10], cpu: [10]),
        ]
        let simd = try #require(
            ConverterBench.summarize(samples, size: Self.size, bitExact: [:]).cells.first { $0.converter == "simd" })
        #expect(simd.bestPeer == "libyuv" && simd.ratioToBestPeer == 0.5)
    }
}
