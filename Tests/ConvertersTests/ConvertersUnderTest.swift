import Converters
import Frames
import Peers

#if canImport(Glibc)
import Glibc
#endif

/// Every converter path the conformance tests check against libyuv, with
/// a label for failure messages: each row's `conformancePaths` of the
/// converter table (`ConverterRegistry.table`), e.g. the SIMD converter at
/// every level this machine runs with both store kinds, and the parallel
/// converter with its split forced over several inner converters.
enum ConvertersUnderTest {
    static let oracle = LibYUVConverter()

    static let all: [(label: String, converter: any FrameConverter)] = ConverterRegistry.table.flatMap {
        $0.conformancePaths()
    }

    static var labels: [String] { all.map(\.label) }

    static func named(_ label: String) -> any FrameConverter {
        all.first { $0.label == label }!.converter
    }
}

/// The first byte at which two buffers differ, or nil when they are equal.
func firstDifference(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
    precondition(a.count == b.count)
    if memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 { return nil }
    return zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset
}
