import Frames
import Statistics

extension I420Buffer {
    /// A `size` frame with `padding` bytes of stride padding, every sample
    /// random from `seed` (padding bytes random too, so a converter that
    /// reads them would show).
    public static func random(size: FrameSize, padding: Int, seed: UInt64) -> I420Buffer {
        let buffer = I420Buffer(size: size, padding: padding)
        var rng = SplitMix64(seed: seed)
        let view = buffer.view
        for plane in [view.y, view.u, view.v] {
            let bytes = UnsafeMutablePointer(mutating: plane.base)
            for i in 0..<(plane.stride * plane.height) { bytes[i] = UInt8(truncatingIfNeeded: rng.next()) }
        }
        return buffer
    }
}
