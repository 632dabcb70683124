import Converters
import Frames
import TestSupport
import Testing

/// No converter reads past the meaningful bytes of a source plane, or
/// writes past the last destination byte, in any orientation: each plane's
/// last byte sits right before a `PROT_NONE` page, so an over-read (or
/// over-write) crashes the test process.
@Suite struct OverReadTests {
    static let sizes: [FrameSize] = [
        FrameSize(width: 1, height: 1), FrameSize(width: 2, height: 2), FrameSize(width: 3, height: 5),
        FrameSize(width: 15, height: 9), FrameSize(width: 16, height: 16), FrameSize(width: 31, height: 7),
        FrameSize(width: 33, height: 17), FrameSize(width: 64, height: 2), FrameSize(width: 65, height: 3),
        FrameSize(width: 127, height: 11), FrameSize(width: 175, height: 143), FrameSize(width: 176, height: 144),
    ]

    @Test(
        "planes ending at a guard page", arguments: ConvertersUnderTest.labels, Orientation.allCases.map(\.name))
    func guardPages(label: String, orientation name: String) throws {
        let converter = ConvertersUnderTest.named(label)
        let orientation = try #require(Orientation(name: name))
        for size in Self.sizes {
            for padding in [0, 3] {
                let source = GuardedI420(size: size, padding: padding, seed: UInt64(size.pixelCount + padding))
                let expected = BGRABuffer(size: orientation.orientedSize(of: size))
                let actual = BGRABuffer(size: orientation.orientedSize(of: size))
                ConvertersUnderTest.oracle.convert(
                    source.view, to: expected.view, matrix: .bt601, orientation: orientation)
                try converter.convert(source.view, to: actual.view, matrix: .bt601, orientation: orientation)
                #expect(
                    firstDifference(actual.allBytes, expected.allBytes) == nil,
                    "\(label) \(name) \(size) padding \(padding)")
            }
        }
    }

    @Test("destination ending at a guard page", arguments: Orientation.allCases.map(\.name))
    func destinationGuard(orientation name: String) throws {
        let orientation = try #require(Orientation(name: name))
        for (label, converter) in ConvertersUnderTest.all {
            for size in Self.sizes {
                let target = orientation.orientedSize(of: size)
                let source = I420Buffer.random(size: size, padding: 0, seed: 7)
                let bytes = GuardedBytes(count: target.width * 4 * target.height)
                let view = BGRAView(
                    base: bytes.base, stride: target.width * 4, width: target.width, height: target.height)
                try converter.convert(source.view, to: view, matrix: .bt709, orientation: orientation)
                let expected = BGRABuffer(size: target)
                ConvertersUnderTest.oracle.convert(
                    source.view, to: expected.view, matrix: .bt709, orientation: orientation)
                let actual = UnsafeBufferPointer(start: bytes.base, count: bytes.count)
                #expect(firstDifference(actual, expected.allBytes) == nil, "\(label) \(name) \(size)")
            }
        }
    }
}
