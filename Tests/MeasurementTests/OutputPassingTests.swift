import Converters
import Frames
import Synchronization
import Testing

@testable import Measurement

/// A converter that writes nothing and records the address of the first
/// byte of every destination and of every source luma plane it is given.
private final class DestinationRecorder: FrameConverter {
    let name: String
    let destinations = Mutex<[Int]>([])
    let sources = Mutex<[Int]>([])

    init(name: String) { self.name = name }

    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        destinations.withLock { $0.append(Int(bitPattern: destination.base)) }
        sources.withLock { $0.append(Int(bitPattern: source.y.base)) }
    }
}

@Suite struct OutputPassingTests {
    @Test("outputs of one size and stride pass along their group, one place a stretch; others stay put")
    func groups() {
        let b = BGRABuffer(alignedRowsOf: FrameSize(width: 32, height: 2))
        let sameSizeOtherStride = BGRABuffer(size: FrameSize(width: 60, height: 2))
        let sameSize = [0, 1, 3, 4].map { _ in BGRABuffer(alignedRowsOf: FrameSize(width: 60, height: 2)) }
        #expect(sameSize[0].view.stride != sameSizeOtherStride.view.stride)
        // Slots 0, 1, 3 and 4 share a size and stride; 2 and 5 are alone.
        let targets =
            [sameSize[0].view, sameSize[1].view, b.view, sameSize[2].view, sameSize[3].view]
            + [sameSizeOtherStride.view]
        let passing = OutputPassing(targets: targets)
        var held = [Set<Int>](repeating: [], count: targets.count)
        for stretch in 0..<4 {
            let holders = targets.indices.map { passing.holder(of: $0, stretch: stretch) }
            #expect(Set(holders).count == targets.count, "stretch \(stretch): two slots share an output: \(holders)")
            #expect(holders[2] == 2 && holders[5] == 5, "stretch \(stretch): \(holders)")
            for (slot, holder) in holders.enumerated() { held[slot].insert(holder) }
        }
        for slot in [0, 1, 3, 4] { #expect(held[slot] == [0, 1, 3, 4], "slot \(slot) held \(held[slot])") }
        #expect(passing.holder(of: 0, stretch: 0) == 0 && passing.holder(of: 0, stretch: 1) == 1)
    }

    @Test("a stretch lets one cycle through the largest group, settling included, fit in the expected rounds")
    func stretchLength() {
        let outputs = (0..<5).map { _ in BGRABuffer(alignedRowsOf: FrameSize(width: 64, height: 2)) }
        let views = outputs.map(\.view)
        let passing = OutputPassing(targets: views)
        let settle = OutputPassing.settleRounds
        // Five stretches and four settlings fit in 1000 rounds; with one
        // more round a stretch they would not.
        let stretch = passing.stretchRounds(expectedRounds: 1000)
        #expect(5 * stretch + 4 * settle <= 1000 && 5 * (stretch + 1) + 4 * settle > 1000, "\(stretch)")
        #expect(passing.stretchRounds(expectedRounds: 40) == OutputPassing.shortestStretch)
        #expect(OutputPassing(targets: [views[0]]).stretchRounds(expectedRounds: 1000) == .max)
    }

    @Test("an interleaved run hands each converter the other's output from its second stretch, after settling rounds")
    func interleavedRunPasses() throws {
        let size = FrameSize(width: 64, height: 2)
        let first = DestinationRecorder(name: "first")
        let second = DestinationRecorder(name: "second")
        let outputs = [BGRABuffer(alignedRowsOf: size), BGRABuffer(alignedRowsOf: size)]
        var budget = RunBudget.tiny
        budget.minFrames = 2 * OutputPassing.shortestStretch + 1
        budget.maxFrames = budget.minFrames
        let frames = SyntheticFrames.frames(size: size, count: 3)
        _ = try InterleavedRun.measure(
            [.converter(first), .converter(second)], frames: frames, outputs: outputs, matrix: .bt601, budget: budget)
        // Round r converts frame r % 3; the settling rounds before a
        // stretch repeat the rounds just before it, so that its first round
        // finds its frame where any round does.
        let lumas = frames.map { Int(bitPattern: $0.view.y.base) }
        let (stretchLength, settleCount) = (OutputPassing.shortestStretch, OutputPassing.settleRounds)
        let rounds =
            Array(0..<budget.warmupRounds) + Array(0..<stretchLength)
            + Array((stretchLength - settleCount)..<(2 * stretchLength))
            + Array((2 * stretchLength - settleCount)...(2 * stretchLength))
        for recorder in [first, second] {
            let seen = recorder.sources.withLock { $0 }.map { lumas.firstIndex(of: $0) }
            #expect(seen == rounds.map { $0 % 3 }, "\(recorder.name)")
        }
        let (one, two) = (Int(bitPattern: outputs[0].view.base), Int(bitPattern: outputs[1].view.base))
        let stretch = OutputPassing.shortestStretch
        let settle = OutputPassing.settleRounds
        // Warm-up, then a stretch into its own output, then settling and a
        // stretch into the other's, then settling and one round into its own.
        let expected =
            [Int](repeating: one, count: budget.warmupRounds + stretch)
            + [Int](repeating: two, count: settle + stretch) + [Int](repeating: one, count: settle + 1)
        #expect(first.destinations.withLock { $0 } == expected)
        #expect(second.destinations.withLock { $0 } == expected.map { $0 == one ? two : one })
    }
}
