import CLibYUV
import Foundation
import Frames

/// The peer and oracle: libyuv's `I420ToARGBMatrix` with the libyuv
/// constants for each matrix, after `I420Rotate` and `I420Mirror` for the
/// other orientations (the passes WebRTC's CPU path runs); for NV12,
/// `NV12ToARGBMatrix` upright, else `NV12ToI420Rotate` first.
public struct LibYUVConverter: FrameConverter {
    /// `"libyuv"`.
    public let name = "libyuv"

    /// Creates the libyuv converter.
    public init() {}

    /// `LIBYUV_VERSION` of the libyuv this process links (Debian's package).
    public static let version = Int(LIBYUV_VERSION)

    /// Both, through libyuv's own NV12 functions.
    public var layouts: [ChromaLayout] { ChromaLayout.allCases }

    /// Upright: calls `I420ToARGBMatrix` (`NV12ToARGBMatrix` for NV12).
    /// Otherwise runs libyuv's passes: `I420Rotate` into a scratch frame
    /// (for NV12, `NV12ToI420Rotate`, also when only mirrored),
    /// `I420Mirror` into a second one when mirrored, then
    /// `I420ToARGBMatrix`. Scratch frames are kept for reuse, so a timed
    /// call allocates nothing once a size has been seen. See
    /// `FrameConverter` for the guarantees.
    public func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) {
        checkSizes(source, destination, orientation)
        guard source.width > 0, source.height > 0 else { return }
        let size = destination.size
        let mode: RotationMode =
            switch orientation.quarterTurns {
            case 0: kRotate0
            case 1: kRotate90
            case 2: kRotate180
            default: kRotate270
            }
        var frame: I420View
        var split: I420Buffer?
        defer { if let split { Self.scratch.give(split) } }
        switch source {
        case .nv12(let pairs) where orientation == .upright:
            let status = NV12ToARGBMatrix(
                pairs.y.base, Int32(pairs.y.stride), pairs.uv.base, Int32(pairs.uv.stride), destination.base,
                Int32(destination.stride), Self.alignedConstants[matrix], Int32(pairs.width), Int32(pairs.height))
            precondition(status == 0, "NV12ToARGBMatrix refused valid arguments")
            return
        case .nv12(let pairs):
            let target = Self.scratch.take(size)
            split = target
            let planes = target.view
            let status = NV12ToI420Rotate(
                pairs.y.base, Int32(pairs.y.stride), pairs.uv.base, Int32(pairs.uv.stride),
                UnsafeMutablePointer(mutating: planes.y.base), Int32(planes.y.stride),
                UnsafeMutablePointer(mutating: planes.u.base), Int32(planes.u.stride),
                UnsafeMutablePointer(mutating: planes.v.base), Int32(planes.v.stride),
                Int32(pairs.width), Int32(pairs.height), mode)
            precondition(status == 0, "NV12ToI420Rotate refused valid arguments")
            frame = planes
        case .i420(let planes):
            frame = planes
        }
        guard orientation != .upright else {
            Self.convertUpright(frame, to: destination, matrix: matrix)
            return
        }
        let rotated = orientation.quarterTurns == 0 || split != nil ? nil : Self.scratch.take(size)
        let mirrored = orientation.isMirrored ? Self.scratch.take(size) : nil
        defer {
            if let rotated { Self.scratch.give(rotated) }
            if let mirrored { Self.scratch.give(mirrored) }
        }
        if let rotated {
            let target = rotated.view
            let (width, height) = (Int32(frame.width), Int32(frame.height))
            let status = Self.planePass(from: frame, into: target) {
                I420Rotate($0, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, width, height, mode)
            }
            precondition(status == 0, "I420Rotate refused valid arguments")
            frame = target
        }
        if let mirrored {
            let target = mirrored.view
            let status = Self.planePass(from: frame, into: target) {
                I420Mirror($0, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, Int32(size.width), Int32(size.height))
            }
            precondition(status == 0, "I420Mirror refused valid arguments")
            frame = target
        }
        Self.convertUpright(frame, to: destination, matrix: matrix)
    }

    /// A libyuv pass from the planes of `source` into those of `target`:
    /// `pass` gets each frame's Y, U and V pointers with their strides, the
    /// source's first, and returns libyuv's status.
    private static func planePass(
        from source: I420View, into target: I420View,
        _ pass: (
            UnsafePointer<UInt8>, Int32, UnsafePointer<UInt8>, Int32, UnsafePointer<UInt8>, Int32,
            UnsafeMutablePointer<UInt8>, Int32, UnsafeMutablePointer<UInt8>, Int32, UnsafeMutablePointer<UInt8>, Int32
        ) -> Int32
    ) -> Int32 {
        pass(
            source.y.base, Int32(source.y.stride), source.u.base, Int32(source.u.stride), source.v.base,
            Int32(source.v.stride), UnsafeMutablePointer(mutating: target.y.base), Int32(target.y.stride),
            UnsafeMutablePointer(mutating: target.u.base), Int32(target.u.stride),
            UnsafeMutablePointer(mutating: target.v.base), Int32(target.v.stride))
    }

    /// `I420ToARGBMatrix` of `source` into the same-sized `destination`.
    private static func convertUpright(_ source: I420View, to destination: BGRAView, matrix: ColorMatrix) {
        let status = I420ToARGBMatrix(
            source.y.base, Int32(source.y.stride), source.u.base, Int32(source.u.stride),
            source.v.base, Int32(source.v.stride), destination.base, Int32(destination.stride),
            alignedConstants[matrix], Int32(source.width), Int32(source.height))
        precondition(status == 0, "I420ToARGBMatrix refused valid arguments")
    }

    /// The scratch frames of the rotate and mirror passes, shared by every
    /// instance and thread.
    private static let scratch = ScratchFrames()

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

/// Reusable I420 frames by size: `take` hands out a free one (allocating
/// only when none is free), `give` returns it.
///
/// `@unchecked Sendable`: the free list is only touched under `lock`, a
/// pthread mutex (`NSLock`), which the thread sanitizer sees; it reported
/// `Synchronization.Mutex`'s futex hand-offs in this pool as races.
final class ScratchFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [FrameSize: [I420Buffer]] = [:]

    /// A frame of `size` no other caller holds.
    func take(_ size: FrameSize) -> I420Buffer {
        lock.withLock { free[size]?.popLast() } ?? I420Buffer(size: size)
    }

    /// Makes `frame` available to the next `take` of its size.
    func give(_ frame: I420Buffer) {
        lock.withLock { free[frame.size, default: []].append(frame) }
    }
}

extension LibYUVConverter {
    /// Its row of the converter table: exact, every orientation and
    /// layout. It is the
    /// oracle every other converter is checked against, so the conformance
    /// tests have nothing to hold it to.
    public static let entry = ConverterEntry(
        name: "libyuv", role: .exact, duties: [.oracle, .callComparison, .countControl],
        make: { _ in LibYUVConverter() }, conformancePaths: { [] })
}
