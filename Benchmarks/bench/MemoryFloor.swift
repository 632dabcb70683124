#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Frames

/// The memory floor of one conversion: copying the same I420 bytes a
/// converter reads (row by row, as it reads them) into a scratch buffer,
/// then filling the same BGRA bytes it writes. No converter can move its
/// bytes faster than this, so `time ÷ floor` says how far a converter is
/// from being memory-bound.
final class MemoryFloor {
    private let scratch: UnsafeMutablePointer<UInt8>
    private let capacity: Int

    /// A floor for frames of `size` (allocates the scratch copy once).
    init(size: FrameSize) {
        capacity = max(size.i420ByteCount, 1)
        scratch = .allocate(capacity: capacity)
        scratch.initialize(repeating: 0, count: capacity)
    }

    deinit { scratch.deallocate() }

    /// Copies the meaningful bytes of `source` and fills the pixel bytes of
    /// every row of `destination` with 0xFF (padding untouched).
    func run(_ source: I420View, to destination: BGRAView) {
        var offset = 0
        for plane in [source.y, source.u, source.v] {
            for row in 0..<plane.height where plane.width > 0 {
                memcpy(scratch + offset, plane.row(row), plane.width)
                offset += plane.width
            }
        }
        precondition(offset <= capacity, "floor scratch too small")
        let rowBytes = destination.width * 4
        for row in 0..<destination.height where rowBytes > 0 {
            memset(destination.row(row), 0xFF, rowBytes)
        }
    }
}
