import Frames
import Statistics

extension GuardedSource {
    /// A `size` frame in `layout` with `padding` bytes of stride padding,
    /// filled with random samples from `seed`.
    public convenience init(size: FrameSize, layout: ChromaLayout = .i420, padding: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        self.init(size: size, layout: layout, padding: padding) { UInt8(truncatingIfNeeded: rng.next()) }
    }
}
