import Converters
import Frames

#if canImport(Glibc)
import Glibc
#endif

/// Every converter path the conformance tests check against libyuv, with a
/// label for failure messages.
///
/// The SIMD converter appears at every level this machine runs, with
/// ordinary and with streaming stores (which it uses for destinations whose
/// rows start 64-byte aligned). The parallel converter appears with its crossover forced to 0 so that
/// its band splitting runs even on the small test frames, with thread
/// counts that leave bands of uneven heights.
enum ConvertersUnderTest {
    static let oracle = LibYUVConverter()

    static let all: [(label: String, converter: any FrameConverter)] = {
        var list: [(String, any FrameConverter)] = [
            ("scalar", ScalarConverter()),
            ("lut", LUTConverter()),
        ]
        for level in SIMDLevel.supported {
            list.append(("simd-\(level.rawValue)", SIMDConverter(level: level, stores: .cached)))
            list.append(("simd-\(level.rawValue) streaming", SIMDConverter(level: level, stores: .streaming)))
        }
        list += [
            (
                "parallel(simd, 2 threads)",
                ParallelConverter(inner: SIMDConverter(), threads: 2, minimumParallelPixels: 0)
            ),
            (
                "parallel(simd streaming, 2 threads)",
                ParallelConverter(inner: SIMDConverter(stores: .streaming), threads: 2, minimumParallelPixels: 0)
            ),
            (
                "parallel(lut, 3 threads)",
                ParallelConverter(inner: LUTConverter(), threads: 3, minimumParallelPixels: 0)
            ),
            (
                "parallel(scalar, 7 threads)",
                ParallelConverter(inner: ScalarConverter(), threads: 7, minimumParallelPixels: 0)
            ),
            ("parallel (registry default)", ConverterRegistry.make("parallel")!),
        ]
        return list
    }()

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
