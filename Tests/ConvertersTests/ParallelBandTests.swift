import Frames
import Peers
import SIMDRows
import TestSupport
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

    @Test("aligned bands tile the frame", arguments: [1, 15, 16, 17, 33, 720, 1081])
    func alignedBandsTile(height: Int) {
        for threads in [1, 2, 3] {
            let bands = ParallelConverter.bandRows(
                height: height, threads: threads, alignment: ParallelConverter.transposedBandAlignment)
            #expect(bands.first?.lowerBound == 0)
            #expect(bands.last?.upperBound == height)
            for (a, b) in zip(bands, bands.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
            #expect(bands.allSatisfy { $0.lowerBound % ParallelConverter.transposedBandAlignment == 0 && !$0.isEmpty })
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

/// `DestinationBandConverter`: converting the bands of a partition of the
/// destination rows (uneven, odd starts, in reverse order) gives libyuv's
/// bytes for the whole frame, in every orientation, and leaves the row
/// padding alone.
@Suite struct DestinationBandTests {
    static let canary: UInt8 = 0xC3

    static var converters: [(String, any DestinationBandConverter)] {
        var list: [(String, any DestinationBandConverter)] = [("scalar", ScalarConverter()), ("lut", LUTConverter())]
        for level in SIMDLevel.supported {
            list.append(("simd-\(level.rawValue)", SIMDConverter(level: level, stores: .cached)))
            list.append(("simd-\(level.rawValue) streaming", SIMDConverter(level: level, stores: .streaming)))
        }
        return list
    }

    /// Bands of 1, 2, 3, ... rows, then the rest: starts of both parities.
    static func partition(height: Int) -> [Range<Int>] {
        var bands: [Range<Int>] = []
        var start = 0
        var length = 1
        while start < height {
            let end = min(height, start + length)
            bands.append(start..<end)
            start = end
            length += 1
        }
        return bands
    }

    @Test("bands of any partition equal the whole frame", arguments: Orientation.allCases.map(\.name))
    func partitions(orientation name: String) throws {
        let orientation = try #require(Orientation(name: name))
        for size in [
            FrameSize(width: 37, height: 23), FrameSize(width: 67, height: 130), FrameSize(width: 130, height: 67),
        ] {
            let source = I420Buffer.random(size: size, padding: 5, seed: UInt64(size.pixelCount))
            let target = orientation.orientedSize(of: size)
            // 64-byte rows, so the streaming converters stream.
            let padding = (64 - target.width * 4 % 64) % 64 + 64
            let expected = BGRABuffer(size: target, padding: padding, fill: Self.canary)
            LibYUVConverter().convert(.i420(source.view), to: expected.view, matrix: .bt601, orientation: orientation)
            for (label, converter) in Self.converters {
                let actual = BGRABuffer(size: target, padding: padding, fill: Self.canary)
                for rows in Self.partition(height: target.height).reversed() {
                    try converter.convert(
                        .i420(source.view), to: actual.view, matrix: .bt601, orientation: orientation, rows: rows)
                    // The rows above the band, converted later, are untouched.
                    let untouched = actual.allBytes[0..<(rows.lowerBound * actual.stride)]
                    guard untouched.allSatisfy({ $0 == Self.canary }) else {
                        Issue.record("\(label) \(name) \(size): band \(rows) wrote rows above it")
                        return
                    }
                }
                #expect(
                    firstDifference(actual.allBytes, expected.allBytes) == nil, "\(label) \(name) \(size)")
            }
        }
    }
}
