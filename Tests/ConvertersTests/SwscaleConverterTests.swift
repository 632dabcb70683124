import Conformance
import Converters
import Foundation
import Frames
import Peers
import TestSupport
import Testing

/// swscale, the peer with a tolerance: close to libyuv but not equal, and
/// bound by the same promises on memory as every converter.
@Suite struct SwscaleConverterTests {
    static let canary: UInt8 = 0x5A
    /// Widths around swscale's 16-pixel blocks and heights odd and even.
    static let sizes: [FrameSize] = [
        FrameSize(width: 1, height: 1), FrameSize(width: 3, height: 3), FrameSize(width: 15, height: 2),
        FrameSize(width: 16, height: 16), FrameSize(width: 17, height: 5), FrameSize(width: 33, height: 4),
        FrameSize(width: 64, height: 2), FrameSize(width: 175, height: 143), FrameSize(width: 176, height: 144),
        FrameSize(width: 640, height: 480),
    ]

    /// On random frames (every sample value, in range or not) swscale's bytes
    /// lie within the registry's tolerance of libyuv's, and are not all equal.
    @Test("within its tolerance of libyuv", arguments: ColorMatrix.allCases.map(\.name), ChromaLayout.allCases)
    func deviation(matrix name: String, layout: ChromaLayout) throws {
        let matrix = try #require(ColorMatrix(rawValue: name))
        let tolerance = try #require(ConverterRegistry.tolerance(of: "swscale", matrix: matrix))
        var total = Deviation()
        for (index, size) in Self.sizes.enumerated() {
            let planes = I420Buffer.random(size: size, padding: index % 3, seed: UInt64(index + 1))
            let source = SourceBuffer(twinOf: planes.view, layout: layout, padding: index % 3)
            let expected = BGRABuffer(size: size)
            let actual = BGRABuffer(size: size)
            try LibYUVConverter().convert(.i420(planes.view), to: expected.view, matrix: matrix)
            try SwscaleConverter().convert(source.view, to: actual.view, matrix: matrix)
            total.add(Deviation(actual: actual.view, expected: expected.view))
        }
        #expect(total.isWithin(tolerance), "\(name): \(total.summary), tolerance \(tolerance)")
        #expect(!total.isExact, "\(name): swscale equals libyuv, so it is no longer a peer with a tolerance")
    }

    /// Source planes end at a guard page, the destination's padding holds
    /// canaries and a tight destination ends at a guard page.
    @Test("reads only meaningful bytes, writes exactly width × 4 bytes a row", arguments: ChromaLayout.allCases)
    func memory(layout: ChromaLayout) throws {
        for size in Self.sizes {
            for padding in [0, 5] {
                let source = GuardedSource(
                    size: size, layout: layout, padding: padding, seed: UInt64(size.pixelCount + padding))
                let expected = BGRABuffer(size: size)
                try LibYUVConverter().convert(source.view, to: expected.view, matrix: .bt601)
                let padded = BGRABuffer(size: size, padding: 64, fill: Self.canary)
                try SwscaleConverter().convert(source.view, to: padded.view, matrix: .bt601)
                let tight = GuardedBytes(count: size.width * 4 * size.height, fill: Self.canary)
                let view = BGRAView(base: tight.base, stride: size.width * 4, width: size.width, height: size.height)
                try SwscaleConverter().convert(source.view, to: view, matrix: .bt601)
                let written = (0..<size.height).allSatisfy { row in
                    (size.width * 4..<padded.stride).allSatisfy { padded.view.row(row)[$0] == Self.canary }
                }
                #expect(written, "\(size) padding \(padding): a padding byte was written")
                let near = Deviation(actual: padded.view, expected: expected.view)
                #expect(near.isWithin(4), "\(size) padding \(padding): \(near.summary)")
                #expect(Deviation(actual: view, expected: padded.view).isExact, "\(size): tight and padded differ")
            }
        }
    }

    @Test("upright only")
    func orientations() throws {
        let size = FrameSize(width: 4, height: 2)
        let source = I420Buffer.random(size: size, padding: 0, seed: 1)
        let output = BGRABuffer(size: size)
        #expect(throws: ConversionError.unsupported) {
            try SwscaleConverter().convert(source.view, to: output.view, matrix: .bt601, orientation: .rotate180)
        }
        try SwscaleConverter().convert(source.view, to: output.view, matrix: .bt601, orientation: .upright)
    }

    /// Several threads converting at once (each takes its own context from
    /// the pool) produce the bytes one thread does.
    @Test("one instance on several threads")
    func concurrent() throws {
        let size = FrameSize(width: 96, height: 64)
        let source = I420Buffer.random(size: size, padding: 0, seed: 9)
        let expected = BGRABuffer(size: size)
        let converter = SwscaleConverter()
        try converter.convert(source.view, to: expected.view, matrix: .bt709)
        let outputs = (0..<8).map { _ in BGRABuffer(size: size) }
        nonisolated(unsafe) let shared = (source, outputs)
        DispatchQueue.concurrentPerform(iterations: outputs.count) { index in
            for _ in 0..<20 {
                try? converter.convert(shared.0.view, to: shared.1[index].view, matrix: .bt709)
            }
        }
        for output in outputs {
            #expect(Deviation(actual: output.view, expected: expected.view).isExact)
        }
    }
}
