import Frames

/// Deterministic synthetic I420 frames for the converter benchmark and its
/// bit-exactness check.
///
/// The same size and index always give the same bytes. Each frame has four
/// horizontal strips, moved sideways by the frame index:
/// 1. colour bars: the eight saturated BT.601 bars and four chroma
///    extremes (U, V at 0 or 255) that drive the clamp;
/// 2. ramps: luma 0 ... 255 across, U down, V across;
/// 3. noise: every sample pseudo-random, so all (Y, U, V) combinations occur;
/// 4. a one-pixel checkerboard of black/white luma under alternating
///    extreme chroma (the worst case for clamping and for chroma siting).
public enum SyntheticFrames {
    /// (Y, U, V) of the bars: white, yellow, cyan, green, magenta, red,
    /// blue, black (100 % BT.601 limited), then four out-of-gamut extremes.
    public static let bars: [(y: UInt8, u: UInt8, v: UInt8)] = [
        (235, 128, 128), (210, 16, 146), (170, 166, 16), (145, 54, 34),
        (106, 202, 222), (81, 90, 240), (41, 240, 110), (16, 128, 128),
        (128, 0, 255), (128, 255, 0), (255, 255, 255), (0, 0, 0),
    ]

    /// Frame number `index` of the sequence at `size`, with `padding` extra
    /// bytes at the end of each row (so strides differ from widths).
    public static func frame(size: FrameSize, index: Int, padding: Int = 16) -> I420Buffer {
        let buffer = I420Buffer(size: size, padding: padding)
        let shift = 8 * index
        let height = max(size.height, 1)
        buffer.fill(.y) { x, y in
            sample(plane: 0, x: x + shift, lumaRow: y, row: y, width: size.width, height: height, index: index)
        }
        buffer.fill(.u) { x, y in
            sample(plane: 1, x: 2 * x + shift, lumaRow: 2 * y, row: y, width: size.width, height: height, index: index)
        }
        buffer.fill(.v) { x, y in
            sample(plane: 2, x: 2 * x + shift, lumaRow: 2 * y, row: y, width: size.width, height: height, index: index)
        }
        return buffer
    }

    /// `count` distinct frames at `size` (indices 0 ..< count) in `layout`:
    /// NV12 frames are the I420 frames' twins, so both layouts hold the
    /// same samples.
    public static func frames(size: FrameSize, count: Int, layout: ChromaLayout = .i420) -> [SourceBuffer] {
        (0..<count).map { index in
            // The view borrows the I420 buffer's memory: keep it alive until copied.
            let buffer = frame(size: size, index: index)
            return withExtendedLifetime(buffer) { SourceBuffer(twinOf: buffer.view, layout: layout) }
        }
    }

    /// One sample of `plane` (0 Y, 1 U, 2 V) at luma column `x` (already
    /// shifted), luma row `lumaRow` and plane row `row`.
    private static func sample(plane: Int, x: Int, lumaRow: Int, row: Int, width: Int, height: Int, index: Int) -> UInt8
    {
        let strip = min(3, 4 * lumaRow / height)
        switch strip {
        case 0:
            let bar = bars[(x * bars.count / max(width, 1)) % bars.count]
            return plane == 0 ? bar.y : (plane == 1 ? bar.u : bar.v)
        case 1:
            switch plane {
            case 0: return UInt8(truncatingIfNeeded: x * 256 / max(width, 1))
            case 1: return UInt8(truncatingIfNeeded: lumaRow * 1024 / height)
            default: return UInt8(truncatingIfNeeded: 255 - x * 256 / max(width, 1))
            }
        case 2:
            return UInt8(truncatingIfNeeded: noise(x, row, plane &+ 3 &* index) >> 24)
        default:
            let odd = (x + row) & 1 == 1
            switch plane {
            case 0: return odd ? 255 : 0
            case 1: return (x / 2) & 1 == 0 ? 0 : 255
            default: return row & 1 == 0 ? 255 : 0
            }
        }
    }

    /// A well-mixed 32-bit hash of three integers (deterministic noise).
    private static func noise(_ a: Int, _ b: Int, _ c: Int) -> UInt32 {
        var z = UInt64(truncatingIfNeeded: a) &* 0x9E37_79B9_7F4A_7C15
        z ^= UInt64(truncatingIfNeeded: b) &* 0xBF58_476D_1CE4_E5B9
        z ^= UInt64(truncatingIfNeeded: c) &* 0x94D0_49BB_1331_11EB
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: z >> 32)
    }
}
