/// Zeroed bytes for a source frame's planes, from `FrameMemory` (so laid
/// out alike in every process), released with their owner.
final class FrameBytes {
    /// The first byte, on at least `I420Buffer.alignment`.
    let base: UnsafeMutablePointer<UInt8>
    private let count: Int

    /// `count` zeroed bytes (at least one is allocated).
    init(count: Int) {
        self.count = count
        base = FrameMemory.allocate(byteCount: count, minimumAlignment: I420Buffer.alignment)
            .initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1))
    }

    deinit { FrameMemory.deallocate(UnsafeMutableRawPointer(base), byteCount: count) }
}
