import Frames
import Measurement
import Reports

/// The instructions one converter executed converting the frames of one
/// cell at one SIMD level, counted by Callgrind between client requests
/// around each `convert` call alone (`CountedConversions`): no harness,
/// frame making or copying.
public struct InstructionCount: Sendable, Equatable, Codable {
    /// The converter's name.
    public let converter: String
    /// The source frame's size (`1280x720`).
    public let size: String
    /// The orientation's name (`upright`, `mirror`, `rotate90`, ...).
    public let orientation: String
    /// The source layout's name (`i420`, `nv12`).
    public let layout: String
    /// The SIMD level the process ran at (`FRAMEBENCH_SIMD`: `avx2`, `baseline`).
    public let level: String
    /// Frames converted while counting.
    public let frames: Int
    /// Instructions executed over all `frames` conversions.
    public let instructions: UInt64

    /// The count of `instructions` over `frames` frames of `cell`, by
    /// `converter` at `level`.
    public init(converter: String, cell: SyntheticCell, level: String, frames: Int, instructions: UInt64) {
        self.converter = converter
        size = cell.size.description
        orientation = cell.orientation.name
        layout = cell.layout.rawValue
        self.level = level
        self.frames = frames
        self.instructions = instructions
    }

    /// Instructions per frame.
    public var perFrame: Double { Double(instructions) / Double(max(frames, 1)) }

    /// The cell as reports name it (nil when `size` is not `WxH`).
    public var cell: EntryCell? {
        guard let frameSize = FrameSize(parsing: size) else { return nil }
        return EntryCell(
            converter: converter, width: frameSize.width, height: frameSize.height, orientation: orientation,
            layout: layout)
    }
}
