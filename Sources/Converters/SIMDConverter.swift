import Frames
import SIMDRows
import SIMDRowsAVX2
import SIMDRowsAVX512

/// Pure-Swift SIMD conversion (`SIMDRows`), with the kernel compiled once
/// per instruction-set level and the level chosen at run time.
///
/// The kernel works on 32-pixel blocks of two rows that share chroma, in
/// 16-bit lanes offset so that no sum wraps; narrow rows and the last
/// column of odd widths go through the same arithmetic one pixel at a time.
/// It reads only the meaningful bytes of each plane row and writes only
/// `width × 4` bytes of each destination row.
public struct SIMDConverter: FrameConverter {
    /// `"simd"`.
    public let name = "simd"
    /// The instruction-set level this converter runs.
    public let level: SIMDLevel

    /// A converter for `level`, or for the highest supported level below it
    /// when this CPU (or FRAMEBENCH_SIMD) does not allow `level`, so it
    /// never runs instructions the CPU lacks.
    public init(level: SIMDLevel = .best) {
        self.level = SIMDLevel.supported.last { $0 <= level } ?? .baseline
    }

    /// Converts with the kernel of `level`; see `FrameConverter` for the guarantees.
    public func convert(_ source: I420View, to destination: BGRAView, matrix: ColorMatrix) {
        checkSizes(source, destination)
        switch level {
        case .baseline: convertBaseline(source, to: destination, matrix: matrix)
        case .avx2: convertAVX2(source, to: destination, matrix: matrix)
        case .avx512: convertAVX512(source, to: destination, matrix: matrix)
        }
    }
}
