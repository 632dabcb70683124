import Converters
import Frames
import Peers
import Statistics
import Testing

@testable import Measurement

/// Cells that share what is left of a run's deadline.
@Suite struct DeadlineTests {
    static let cells = [
        SyntheticCell(size: FrameSize(width: 16, height: 8)), SyntheticCell(size: FrameSize(width: 32, height: 8)),
    ]

    /// Rounds each cell measured, with at most 200 rounds or 60 s a cell, by `deadline`.
    static func rounds(deadline: UInt64?) -> [Int] {
        var budget = RunBudget()
        (budget.warmupRounds, budget.minFrames, budget.maxFrames, budget.seconds) = (0, 3, 200, 60)
        return ConverterBench.run(
            converters: [LUTConverter(), LibYUVConverter()], cells: cells, matrix: .bt601, budget: budget,
            deadline: deadline
        ) { _ in }.map(\.rounds)
    }

    @Test("a deadline already past leaves each cell its minimum frames; one far off leaves the budget as it is")
    func cellsShareTheDeadline() {
        #expect(Self.rounds(deadline: Clock.monotonic()) == [3, 3])
        #expect(Self.rounds(deadline: Clock.monotonic() + 600_000_000_000) == [200, 200])
        #expect(Self.rounds(deadline: nil) == [200, 200])
    }

    @Test("a cell's share: what is left divided among it and the cells after it, at most the per-cell budget")
    func share() {
        #expect(ConverterBench.share(of: 30, cellsLeft: 5, atMost: 8) == 6)
        #expect(ConverterBench.share(of: 30, cellsLeft: 1, atMost: 8) == 8)
        #expect(ConverterBench.share(of: 12, cellsLeft: 3, atMost: 8) == 4)
        #expect(ConverterBench.share(of: -2, cellsLeft: 3, atMost: 8) == 0)
    }
}
