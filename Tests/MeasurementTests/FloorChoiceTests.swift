import Frames
import Measurement
import Statistics
import Testing

@Suite struct FloorChoiceTests {
    static let size = FrameSize(width: 64, height: 64)

    @Test("a threaded converter is held round by round to the faster of the one-thread floor and its own-thread floor")
    func bestFloor() throws {
        let samples = [
            CellSamples(id: .converter("libyuv"), wall: [20, 20], cpu: [20, 20]),
            CellSamples(id: .converter("simd"), wall: [12, 12], cpu: [12, 12]),
            CellSamples(id: .converter("parallel"), wall: [9, 9], cpu: [16, 16]),
            CellSamples(id: .floor(threads: 1), wall: [10, 10], cpu: [10, 10]),
            CellSamples(id: .floor(threads: 2), wall: [8, 12], cpu: [14, 20]),
        ]
        let result = ConverterBench.summarize(
            samples, size: Self.size, bitExact: [:], threads: [.converter("parallel"): 2, .converter("simd"): 1])
        let parallel = try #require(result.cells.first { $0.converter == "parallel" })
        #expect(parallel.floor == "best of floor, floor:2threads")
        #expect(parallel.ratioToFloor == 0.9)  // 9 ÷ 10 and 9 ÷ 8: the lower middle
        let simd = try #require(result.cells.first { $0.converter == "simd" })
        #expect(simd.floor == "floor" && simd.ratioToFloor == 1.2)
        #expect(result.belowFloor.map(\.converter) == ["parallel"])  // 0.9 is below 0.95: a warning
    }

    @Test("without the threaded floor, the one-thread floor")
    func singleFloorOnly() throws {
        let samples = [
            CellSamples(id: .converter("libyuv"), wall: [20], cpu: [20]),
            CellSamples(id: .converter("parallel"), wall: [11], cpu: [16]),
            CellSamples(id: .floor(threads: 1), wall: [10], cpu: [10]),
        ]
        let result = ConverterBench.summarize(
            samples, size: Self.size, bitExact: [:], threads: [.converter("parallel"): 2])
        let parallel = try #require(result.cells.first { $0.converter == "parallel" })
        #expect(parallel.floor == "floor" && parallel.ratioToFloor == 1.1)
    }
}
