import Frames

/// One instruction-set level's compiled code: the frame kernel and the
/// memory floor's three passes, each instantiated in the level's own
/// module with its tag. Each level module exports one of these (for
/// example `SIMDLevelKernels.avx2`), and the level table
/// (`SIMDLevelTable` in Converters) lists them; the SIMD converter and
/// the memory floors call a level only through it.
public struct SIMDLevelKernels: Sendable {
    /// Converts destination rows `rows` of a source oriented by
    /// `orientation` into the destination (`convertFrame`), streaming its
    /// stores when the last argument says so.
    public typealias Convert =
        @Sendable (
            _ source: SourceFrame, _ destination: BGRAView, _ matrix: ColorMatrix, _ orientation: Orientation,
            _ rows: Range<Int>, _ streaming: Bool
        ) -> Void
    /// One pass of the memory floor in pieces (`floorPass`): source,
    /// destination, streaming, piece size, single rows; the OR of the
    /// bytes read.
    public typealias FloorPass =
        @Sendable (
            _ source: SourceFrame, _ destination: BGRAView, _ streaming: Bool, _ piece: Int, _ singleRows: Bool
        ) -> UInt8
    /// One pass of the memory floor in the kernel's blocks
    /// (`floorBlocksPass`): source, destination, streaming, prefetch.
    public typealias FloorBlocksPass =
        @Sendable (_ source: SourceFrame, _ destination: BGRAView, _ streaming: Bool, _ prefetch: Bool) -> UInt8
    /// One pass of the memory floor plane by plane (`floorPlanesPass`):
    /// source, destination, streaming.
    public typealias FloorPlanesPass =
        @Sendable (_ source: SourceFrame, _ destination: BGRAView, _ streaming: Bool) -> UInt8

    /// The level the code is compiled for: call it only when
    /// `SIMDLevel.supported` contains it.
    public let level: SIMDLevel
    /// The frame kernel.
    public let convert: Convert
    /// The memory floor's pass in pieces.
    public let floorPass: FloorPass
    /// The memory floor's pass in the kernel's blocks.
    public let floorBlocksPass: FloorBlocksPass
    /// The memory floor's pass plane by plane.
    public let floorPlanesPass: FloorPlanesPass

    /// The row for `level`, its kernel `convert` and its floor passes.
    public init(
        level: SIMDLevel, convert: @escaping Convert, floorPass: @escaping FloorPass,
        floorBlocksPass: @escaping FloorBlocksPass, floorPlanesPass: @escaping FloorPlanesPass
    ) {
        self.level = level
        self.convert = convert
        self.floorPass = floorPass
        self.floorBlocksPass = floorBlocksPass
        self.floorPlanesPass = floorPlanesPass
    }
}
