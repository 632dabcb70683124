import Frames

/// Placeholder until the SIMD kernel lands: delegates to the scalar path.
public struct SIMDConverter: FrameConverter {
    public let name = "simd"
    public init() {}
    public func convert(_ source: I420View, to destination: BGRAView, matrix: ColorMatrix) {
        ScalarConverter().convert(source, to: destination, matrix: matrix)
    }
}
