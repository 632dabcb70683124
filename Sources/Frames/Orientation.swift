/// How a converted frame is laid out: a clockwise rotation by 0, 90, 180
/// or 270 degrees, optionally followed by a horizontal mirror (the mirrored
/// local preview of a call app). Values and names match the plug-in ABI
/// (`FRAMEBENCH_ROTATE_*`, `FRAMEBENCH_MIRROR`) and the command line.
///
/// The bytes of an oriented conversion are defined as libyuv's passes:
/// `I420Rotate` into a temporary frame, then `I420Mirror` when mirrored,
/// then `I420ToARGBMatrix` (docs/orientation.md). Each plane is rotated and
/// mirrored on its own dimensions, so with odd sizes an output pixel may
/// take the chroma sample that `sourcePosition` names, not the one its
/// upright position would.
public struct Orientation: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The clockwise rotation in quarter turns, 0 ... 3.
    public let quarterTurns: Int
    /// Whether the rotated frame is then mirrored left to right.
    public let isMirrored: Bool

    /// The orientation that turns `quarterTurns` quarter turns clockwise
    /// (taken modulo 4) and then mirrors when `mirrored`.
    public init(quarterTurns: Int, mirrored: Bool) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        isMirrored = mirrored
    }

    /// No rotation, no mirror.
    public static let upright = Orientation(quarterTurns: 0, mirrored: false)
    /// 90 degrees clockwise.
    public static let rotate90 = Orientation(quarterTurns: 1, mirrored: false)
    /// 180 degrees.
    public static let rotate180 = Orientation(quarterTurns: 2, mirrored: false)
    /// 270 degrees clockwise (90 counter-clockwise).
    public static let rotate270 = Orientation(quarterTurns: 3, mirrored: false)
    /// Mirrored left to right, not rotated.
    public static let mirror = Orientation(quarterTurns: 0, mirrored: true)
    /// Rotated 90 degrees clockwise, then mirrored.
    public static let rotate90Mirror = Orientation(quarterTurns: 1, mirrored: true)
    /// Rotated 180 degrees, then mirrored (a vertical flip).
    public static let rotate180Mirror = Orientation(quarterTurns: 2, mirrored: true)
    /// Rotated 270 degrees clockwise, then mirrored.
    public static let rotate270Mirror = Orientation(quarterTurns: 3, mirrored: true)

    /// All eight, in the order of their ABI values.
    public static let allCases: [Orientation] = (0..<8).map { Orientation(abiValue: Int32($0))! }

    /// The plug-in ABI's value: quarter turns, plus 4 when mirrored.
    public var abiValue: Int32 { Int32(quarterTurns) | (isMirrored ? 4 : 0) }

    /// The orientation with ABI value `abiValue`, or nil outside 0 ... 7.
    public init?(abiValue: Int32) {
        guard (0...7).contains(abiValue) else { return nil }
        self.init(quarterTurns: Int(abiValue & 3), mirrored: abiValue & 4 != 0)
    }

    /// The command-line name: `upright`, `rotate90`, ..., `mirror`,
    /// `rotate90-mirror`, ...
    public var name: String {
        switch (quarterTurns, isMirrored) {
        case (0, false): "upright"
        case (0, true): "mirror"
        case (let turns, false): "rotate\(turns * 90)"
        case (let turns, true): "rotate\(turns * 90)-mirror"
        }
    }

    /// The orientation called `name`, or nil.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }

    /// `name`.
    public var description: String { name }

    /// Whether the output's width and height are the source's height and
    /// width (90 and 270 degrees).
    public var swapsDimensions: Bool { quarterTurns % 2 == 1 }

    /// The size of the output for a `source`-sized input.
    public func orientedSize(of source: FrameSize) -> FrameSize {
        swapsDimensions ? FrameSize(width: source.height, height: source.width) : source
    }

    /// The sample of a `planeWidth × planeHeight` source plane that lands at
    /// `(x, y)` of the oriented plane: the plane rotated clockwise by
    /// `quarterTurns`, then mirrored. Apply it to luma with the luma size and
    /// to chroma with the chroma size, as libyuv rotates each plane.
    /// - Precondition: `(x, y)` lies inside the oriented plane.
    @inlinable
    public func sourcePosition(x: Int, y: Int, planeWidth: Int, planeHeight: Int) -> (x: Int, y: Int) {
        let rotatedWidth = swapsDimensions ? planeHeight : planeWidth
        let xr = isMirrored ? rotatedWidth - 1 - x : x
        switch quarterTurns {
        case 0: return (xr, y)
        case 1: return (y, planeHeight - 1 - xr)
        case 2: return (planeWidth - 1 - xr, planeHeight - 1 - y)
        default: return (planeWidth - 1 - y, xr)
        }
    }
}

extension PlaneView {
    /// The samples of this plane along row `row` of the plane oriented by
    /// `orientation`, as `ChromaPlane.orientedRow` (samples 1 byte apart).
    /// - Precondition: `row` lies inside the oriented plane.
    public func orientedRow(_ row: Int, orientation: Orientation) -> (start: UnsafePointer<UInt8>, step: Int) {
        ChromaPlane(self).orientedRow(row, orientation: orientation)
    }
}
