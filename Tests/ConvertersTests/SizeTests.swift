import Converters
import Frames
import TestSupport
import Testing

/// Every width 1…67 at several heights, padded strides, random planes, in
/// every orientation: every converter equals libyuv's passes and leaves
/// destination padding untouched.
@Suite struct SizeTests {
    static let heights = [1, 2, 3, 4, 7, 16, 33]
    static let canary: UInt8 = 0xA5

    /// Three matrices upright; one a turn in the other orientations (the
    /// orientation code does not depend on the matrix), so the suite stays lean.
    static func matrices(_ orientation: Orientation) -> [ColorMatrix] {
        orientation == .upright ? [.bt601, .bt709Full, .bt2020] : [ColorMatrix.allCases[Int(orientation.abiValue) % 6]]
    }

    @Test(
        "widths 1…67, padded strides, canaries intact", arguments: ConvertersUnderTest.labels,
        Orientation.allCases.map(\.name))
    func allSizes(label: String, orientation name: String) throws {
        let converter = ConvertersUnderTest.named(label)
        let orientation = try #require(Orientation(name: name))
        for matrix in Self.matrices(orientation) {
            for width in 1...67 {
                for height in Self.heights {
                    let size = FrameSize(width: width, height: height)
                    let seed = UInt64(width * 1000 + height)
                    let source = I420Buffer.random(size: size, padding: 1 + width % 13, seed: seed)
                    let target = orientation.orientedSize(of: size)
                    let expected = BGRABuffer(size: target, padding: 12, fill: Self.canary)
                    let actual = BGRABuffer(size: target, padding: 12, fill: Self.canary)
                    ConvertersUnderTest.oracle.convert(
                        source.view, to: expected.view, matrix: matrix, orientation: orientation)
                    try converter.convert(source.view, to: actual.view, matrix: matrix, orientation: orientation)
                    if let at = firstDifference(actual.allBytes, expected.allBytes) {
                        Issue.record(
                            "\(label) \(name) \(matrix.name) \(size): first difference at byte \(at) (row \(at / actual.stride), column byte \(at % actual.stride), row bytes \(target.width * 4))"
                        )
                        return
                    }
                }
            }
        }
        // libyuv itself must have left the canaries: padding is never written.
        let probe = BGRABuffer(size: FrameSize(width: 5, height: 3), padding: 12, fill: Self.canary)
        try converter.convert(
            I420Buffer.random(size: probe.size, padding: 3, seed: 9).view, to: probe.view, matrix: .bt601)
        for row in 0..<3 {
            #expect(
                probe.allBytes[(row * probe.stride + 20)..<((row + 1) * probe.stride)].allSatisfy { $0 == Self.canary })
        }
    }

    @Test("large odd frame equals libyuv", arguments: ConvertersUnderTest.labels, Orientation.allCases.map(\.name))
    func largeOddFrame(label: String, orientation name: String) throws {
        let orientation = try #require(Orientation(name: name))
        let size = FrameSize(width: 1283, height: 723)
        let source = I420Buffer.random(size: size, padding: 29, seed: 42)
        let expected = BGRABuffer(size: orientation.orientedSize(of: size), padding: 8)
        let actual = BGRABuffer(size: orientation.orientedSize(of: size), padding: 8)
        ConvertersUnderTest.oracle.convert(source.view, to: expected.view, matrix: .bt709, orientation: orientation)
        try ConvertersUnderTest.named(label).convert(
            source.view, to: actual.view, matrix: .bt709, orientation: orientation)
        #expect(firstDifference(actual.allBytes, expected.allBytes) == nil, "\(label) \(name)")
    }
}
