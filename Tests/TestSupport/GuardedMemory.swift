import Frames
import Statistics

extension GuardedI420 {
    /// A `size` frame with `padding` bytes of stride padding, filled with
    /// random samples from `seed`.
    public convenience init(size: FrameSize, padding: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        self.init(size: size, padding: padding) { UInt8(truncatingIfNeeded: rng.next()) }
    }
}
