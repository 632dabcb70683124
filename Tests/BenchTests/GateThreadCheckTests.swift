@testable import bench
import Converters
import Foundation
import Frames
import Testing

@Suite struct GateThreadCheckTests {
    @Test("a parallel converter passes with more CPU than wall time and fails without")
    func threadCheck() {
        let threaded = GateCommand.threadCheck("parallel", size: "1920x1080", ratio: (cpu: 1.02, wall: 0.60), measuredTwice: false)
        #expect(threaded.passed)
        let single = GateCommand.threadCheck("parallel", size: "1920x1080", ratio: (cpu: 0.83, wall: 0.84), measuredTwice: true)
        #expect(!single.passed)
        #expect(single.name == "parallel ran on one thread at 1920x1080")
        #expect(single.detail.contains("measured twice"))
    }

    @Test("only a multi-threaded parallel converter, at sizes it splits, is expected to use threads")
    func expectsThreads() {
        let hd = FrameSize(width: 1920, height: 1080)
        let splitsEverything = ParallelConverter(inner: SIMDConverter(), threads: 2, minimumParallelPixels: 0)
        let splitsNothing = ParallelConverter(inner: SIMDConverter(), threads: 2, minimumParallelPixels: Int.max)
        let oneThread = ParallelConverter(inner: SIMDConverter(), threads: 1, minimumParallelPixels: 0)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(GateCommand.expectsThreads(splitsEverything, at: hd) == (cores > 1))
        #expect(!GateCommand.expectsThreads(splitsNothing, at: hd))
        #expect(!GateCommand.expectsThreads(oneThread, at: hd))
        #expect(!GateCommand.expectsThreads(SIMDConverter(), at: hd))
    }
}
