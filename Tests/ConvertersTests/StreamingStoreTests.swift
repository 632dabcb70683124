import Converters
import Frames
import SIMDRows
import TestSupport
import Testing

/// The SIMD converter's streaming (non-temporal) stores: taken exactly when
/// the destination rows are 64-byte aligned, bit-exact with libyuv's passes
/// at every width and in every orientation (whole vector blocks, reversed
/// lines and transposed tiles streamed, the rest stored normally), and
/// never touching row padding.
@Suite struct StreamingStoreTests {
    static let canary: UInt8 = 0x5A

    /// Padding that makes a row of `width` pixels a multiple of 64 bytes.
    static func aligningPadding(width: Int) -> Int { (64 - width * 4 % 64) % 64 }

    /// Heights: quarter turns stream 16-row register blocks (AVX-512) or
    /// tiles of 16 or more source rows, whole (64: two tiles, four blocks)
    /// or not (17, 83), counted from the top or (reversed rows) the bottom;
    /// widths above 128 make several tiles, and several 64-column strips of
    /// blocks, a band.
    @Test(
        "aligned rows stream and equal libyuv at widths 1…200", arguments: SIMDLevel.supported,
        Orientation.allCases.map(\.name))
    func alignedWidths(level: SIMDLevel, orientation name: String) throws {
        let orientation = try #require(Orientation(name: name))
        let converter = SIMDConverter(level: level, stores: .streaming)
        let heights = orientation == .upright ? [1, 2, 3, 17] : [1, 2, 17, 64, 83]
        for width in 1...200 {
            for height in heights {
                let size = FrameSize(width: width, height: height)
                let source = I420Buffer.random(size: size, padding: width % 7, seed: UInt64(width * 100 + height))
                let target = orientation.orientedSize(of: size)
                let padding = Self.aligningPadding(width: target.width)
                let expected = BGRABuffer(size: target, padding: padding, fill: Self.canary)
                let actual = BGRABuffer(size: target, padding: padding, fill: Self.canary)
                #expect(converter.streams(into: actual.view))
                ConvertersUnderTest.oracle.convert(
                    .i420(source.view), to: expected.view, matrix: .bt709, orientation: orientation)
                try converter.convert(source.view, to: actual.view, matrix: .bt709, orientation: orientation)
                if let at = firstDifference(actual.allBytes, expected.allBytes) {
                    Issue.record("\(level) \(name) \(size) stride \(actual.stride): first difference at byte \(at)")
                    return
                }
            }
        }
    }

    @Test(
        "reversed rows wider than 512 (pieces; AVX-512 blocks at even widths) equal libyuv, streaming or not",
        arguments: SIMDLevel.supported, [SIMDStorePolicy.streaming, .cached])
    func wideReversedRows(level: SIMDLevel, stores: SIMDStorePolicy) throws {
        let converter = SIMDConverter(level: level, stores: stores)
        for orientation in [Orientation.mirror, .rotate180] {
            for width in [511, 512, 513, 767, 768, 770, 1000, 1023, 1024, 1281, 1282, 1920] {
                for height in [2, 3] {
                    let size = FrameSize(width: width, height: height)
                    let source = I420Buffer.random(size: size, padding: 3, seed: UInt64(width * 10 + height))
                    for padding in [0, Self.aligningPadding(width: width), 4] {
                        let expected = BGRABuffer(size: size, padding: padding, fill: Self.canary)
                        let actual = BGRABuffer(size: size, padding: padding, fill: Self.canary)
                        ConvertersUnderTest.oracle.convert(
                            .i420(source.view), to: expected.view, matrix: .bt601, orientation: orientation)
                        try converter.convert(source.view, to: actual.view, matrix: .bt601, orientation: orientation)
                        if let at = firstDifference(actual.allBytes, expected.allBytes) {
                            Issue.record(
                                "\(level) \(orientation) \(size) padding \(padding): first difference at \(at)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test("misaligned rows or a small frame use ordinary stores")
    func whenNotToStream() throws {
        let streaming = SIMDConverter(stores: .streaming)
        let aligned = BGRABuffer(size: FrameSize(width: 64, height: 4))
        #expect(streaming.streams(into: aligned.view))
        // Stride 260: the second row starts 4 bytes past a 64-byte boundary.
        #expect(!streaming.streams(into: BGRABuffer(size: FrameSize(width: 64, height: 4), padding: 4).view))
        // The first row 32 bytes past a boundary.
        let offset = BGRAView(base: aligned.view.base + 32, stride: 256, width: 8, height: 2)
        #expect(!streaming.streams(into: offset))
        #expect(!SIMDConverter(stores: .cached).streams(into: aligned.view))
        #expect(!SIMDConverter(stores: .automatic).streams(into: aligned.view))
    }

    @Test(
        "automatic stores stream from their orientation's threshold up, and bands follow the whole frame",
        arguments: [Orientation.upright, .mirror, .rotate90])
    func automaticThreshold(orientation: Orientation) throws {
        let automatic = SIMDConverter(stores: .automatic)
        let threshold = SIMDStorePolicy.streamingThreshold(for: orientation)
        // Frames 1024 pixels wide (4 KiB rows, 64-byte aligned): the first
        // whose rows reach this machine's threshold, and the one a row smaller.
        let rows = max((threshold + 4095) / 4096, 4)
        let large = BGRABuffer(size: FrameSize(width: 1024, height: rows))
        let small = BGRABuffer(size: FrameSize(width: 1024, height: rows - 1))
        #expect(large.stride * rows >= threshold)
        #expect(small.stride * (rows - 1) < threshold)
        #expect(automatic.streams(into: large.view, orientation: orientation))
        #expect(!automatic.streams(into: small.view, orientation: orientation))
        // A band of the large frame is below the threshold on its own, but is
        // converted as the whole frame would be.
        let band = large.view.band(rows: 0..<2)
        #expect(!automatic.streams(into: band, orientation: orientation))
        let bands = try #require(
            automatic.converter(forBandsOf: large.view, orientation: orientation) as? SIMDConverter)
        #expect(bands.streams(into: band, orientation: orientation))
        let smallBands = try #require(
            automatic.converter(forBandsOf: small.view, orientation: orientation) as? SIMDConverter)
        #expect(!smallBands.streams(into: small.view.band(rows: 0..<2), orientation: orientation))
    }
}
