import Statistics
import Testing

@Suite struct BlockMediansTests {
    @Test("ten consecutive blocks, each reduced to its nearest-rank median")
    func blocks() {
        // 1 ... 100: block b holds 10b+1 ... 10b+10, whose lower middle is 10b+5.
        let series = (1...100).map(Double.init)
        let expected: [Double] = [5, 15, 25, 35, 45, 55, 65, 75, 85, 95]
        #expect(BlockMedians.of(series) == expected)
    }

    @Test("blocks differ in size by at most one and keep measurement order")
    func unequalBlocks() {
        let series = (0..<25).map(Double.init)  // blocks of 2 or 3
        let medians = BlockMedians.of(series)
        #expect(medians.count == 10 && medians == medians.sorted())
        #expect(medians.first == 0 && medians.last == 23)  // [0, 1] and [22, 23, 24]
    }

    @Test("a short series is kept as it is")
    func short() {
        #expect(BlockMedians.of([3, 1, 2]) == [3, 1, 2])
        #expect(BlockMedians.of((0..<19).map(Double.init)).count == 19)
    }

    @Test("drift within a run widens the comparison's interval; a steady run keeps it tight")
    func driftWidensInterval() throws {
        // The same two levels, 100 and 110, either alternating frame by frame
        // (no drift) or the first half at one level and the second at the other.
        let steady = (0..<200).map { $0 % 2 == 0 ? 100.0 : 110.0 }
        let drifting = (0..<200).map { $0 < 100 ? 100.0 : 110.0 }
        let tight = try #require(ShiftEstimate.ratio(of: BlockMedians.of(steady), to: BlockMedians.of(steady)))
        let wide = try #require(ShiftEstimate.ratio(of: BlockMedians.of(drifting), to: BlockMedians.of(drifting)))
        #expect(tight.lower == 1 && tight.upper == 1)
        #expect(wide.lower < 0.95 && wide.upper > 1.05)
    }
}
