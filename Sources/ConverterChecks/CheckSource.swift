import Frames
import Statistics

/// A check's source frame in the layout under check: an I420 frame as it
/// is, or its NV12 twin in a buffer with the same row padding whose padding
/// bytes are random too (so a converter that reads them would show).
struct CheckSource {
    private let planes: I420Buffer
    private let twin: NV12Buffer?
    /// The frame to convert, valid while this value is alive.
    let view: SourceFrame

    /// `frame` in `layout`; an NV12 twin's padding comes from `seed`.
    init(_ frame: I420Buffer, layout: ChromaLayout, padding: Int, seed: UInt64) {
        planes = frame
        switch layout {
        case .i420:
            twin = nil
            view = .i420(frame.view)
        case .nv12:
            let buffer = NV12Buffer.random(size: frame.size, padding: padding, seed: seed)
            buffer.copy(from: frame.view)
            twin = buffer
            view = .nv12(buffer.view)
        }
    }
}

extension NV12Buffer {
    /// A `size` frame with `padding` bytes of stride padding, every byte
    /// (padding included) random from `seed`.
    static func random(size: FrameSize, padding: Int, seed: UInt64) -> NV12Buffer {
        let buffer = NV12Buffer(size: size, padding: padding)
        var rng = SplitMix64(seed: seed)
        for plane in [buffer.view.y, buffer.view.uv] {
            let bytes = UnsafeMutablePointer(mutating: plane.base)
            for i in 0..<(plane.stride * plane.height) { bytes[i] = UInt8(truncatingIfNeeded: rng.next()) }
        }
        return buffer
    }
}
