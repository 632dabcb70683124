import CLibYUV
import Frames

/// The peer and oracle: libyuv's `I420ToARGBMatrix` with the libyuv
/// constants for each matrix.
public struct LibYUVConverter: FrameConverter {
    /// `"libyuv"`.
    public let name = "libyuv"

    /// Creates the libyuv converter.
    public init() {}

    /// Calls `I420ToARGBMatrix`; see `FrameConverter` for the guarantees.
    public func convert(_ source: I420View, to destination: BGRAView, matrix: ColorMatrix) {
        checkSizes(source, destination)
        guard source.width > 0, source.height > 0 else { return }
        let status = I420ToARGBMatrix(
            source.y.base, Int32(source.y.stride), source.u.base, Int32(source.u.stride),
            source.v.base, Int32(source.v.stride), destination.base, Int32(destination.stride),
            Self.alignedConstants[matrix], Int32(source.width), Int32(source.height))
        precondition(status == 0, "I420ToARGBMatrix refused valid arguments")
    }

    /// libyuv's constant tables, copied once into 64-byte-aligned memory
    /// that is never freed or written again (libyuv's SIMD rows may load
    /// them with aligned instructions; a Swift copy of a C global is not
    /// guaranteed that alignment).
    nonisolated(unsafe) private static let alignedConstants: [ColorMatrix: UnsafePointer<YuvConstants>] =
        Dictionary(
            uniqueKeysWithValues: ColorMatrix.allCases.map { matrix in
                let raw = UnsafeMutableRawPointer.allocate(
                    byteCount: MemoryLayout<YuvConstants>.size, alignment: 64)
                let table = raw.initializeMemory(as: YuvConstants.self, repeating: constants(matrix), count: 1)
                return (matrix, UnsafePointer(table))
            })

    /// libyuv's constant table for `matrix`.
    private static func constants(_ matrix: ColorMatrix) -> YuvConstants {
        switch matrix {
        case .bt601: kYuvI601Constants
        case .bt601Full: kYuvJPEGConstants
        case .bt709: kYuvH709Constants
        case .bt709Full: kYuvF709Constants
        case .bt2020: kYuv2020Constants
        case .bt2020Full: kYuvV2020Constants
        }
    }
}
