import Frames
import Testing

@testable import Converters

/// Band splitting of the parallel converter: bands cover every row once,
/// start on even rows and respect the minimum height.
@Suite struct ParallelBandTests {
    @Test("bands tile the frame", arguments: [1, 2, 3, 15, 16, 17, 33, 144, 1080, 2161])
    func bandsTile(height: Int) {
        for threads in [1, 2, 3, 8] {
            let bands = ParallelConverter.bandRows(height: height, threads: threads)
            #expect(bands.first?.lowerBound == 0)
            #expect(bands.last?.upperBound == height)
            for (a, b) in zip(bands, bands.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
            #expect(bands.allSatisfy { $0.lowerBound % 2 == 0 && !$0.isEmpty })
            #expect(bands.count <= max(1, threads * ParallelConverter.bandsPerThread))
            if bands.count > 1 {
                #expect(bands.allSatisfy { $0.count >= ParallelConverter.minimumBandRows - 1 })
            }
        }
    }

    @Test func smallFramesStayOnOneThreadByDefault() {
        // The measured crossover is a positive pixel count; 1×1 never splits.
        let converter = ParallelConverter(inner: ScalarConverter(), threads: 2)
        #expect(converter.minimumParallelPixels > 1)
    }
}

/// The measured crossover never keeps a 1080p frame on one thread.
@Suite struct ParallelCrossoverTests {
    @Test func crossoverIsBounded() {
        let converter = ParallelConverter(inner: SIMDConverter(), threads: 2)
        #expect(converter.minimumParallelPixels <= 1920 * 1080)
        #expect(ParallelConverter(inner: SIMDConverter(), threads: 1).minimumParallelPixels == Int.max)
    }
}
