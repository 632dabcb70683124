import Converters
import Frames
import TestSupport
import Testing

/// No converter reads past the meaningful bytes of a source plane: each
/// plane's last byte sits right before a `PROT_NONE` page, so an over-read
/// crashes the test process.
@Suite struct OverReadTests {
    static let sizes: [FrameSize] = [
        FrameSize(width: 1, height: 1), FrameSize(width: 2, height: 2), FrameSize(width: 3, height: 5),
        FrameSize(width: 15, height: 9), FrameSize(width: 16, height: 16), FrameSize(width: 31, height: 7),
        FrameSize(width: 33, height: 17), FrameSize(width: 64, height: 2), FrameSize(width: 65, height: 3),
        FrameSize(width: 127, height: 11), FrameSize(width: 175, height: 143), FrameSize(width: 176, height: 144),
    ]

    @Test("planes ending at a guard page", arguments: ConvertersUnderTest.labels)
    func guardPages(label: String) throws {
        let converter = ConvertersUnderTest.named(label)
        for size in Self.sizes {
            for padding in [0, 3] {
                let source = GuardedI420(size: size, padding: padding, seed: UInt64(size.pixelCount + padding))
                let expected = BGRABuffer(size: size)
                let actual = BGRABuffer(size: size)
                try ConvertersUnderTest.oracle.convert(source.view, to: expected.view, matrix: .bt601)
                try converter.convert(source.view, to: actual.view, matrix: .bt601)
                #expect(
                    firstDifference(actual.allBytes, expected.allBytes) == nil, "\(label) \(size) padding \(padding)")
            }
        }
    }

    @Test("destination ending at a guard page")
    func destinationGuard() throws {
        for (label, converter) in ConvertersUnderTest.all {
            for size in Self.sizes {
                let source = I420Buffer.random(size: size, padding: 0, seed: 7)
                let bytes = GuardedBytes(count: size.width * 4 * size.height)
                let view = BGRAView(base: bytes.base, stride: size.width * 4, width: size.width, height: size.height)
                try converter.convert(source.view, to: view, matrix: .bt709)
                let expected = BGRABuffer(size: size)
                try ConvertersUnderTest.oracle.convert(source.view, to: expected.view, matrix: .bt709)
                let actual = UnsafeBufferPointer(start: bytes.base, count: bytes.count)
                #expect(firstDifference(actual, expected.allBytes) == nil, "\(label) \(size)")
            }
        }
    }
}
