import Frames

/// Where the kernel finds the chroma samples of a row, as a type, so that
/// each layout gets its own specialisation with its loads and offsets
/// fixed (docs/kernel.md, "Source layouts").
///
/// The kernel passes a chroma row as two pointers, `u` and `v`, to sample 0
/// of each component; sample `i` is `step × i` bytes on. A layout whose
/// components are interleaved loads both from `u`, so that a load never
/// starts at `v` and reads one byte past the row.
public protocol SIMDChromaLayout {
    /// Bytes from one sample of a component to the next in a row.
    static var step: Int { get }
    /// Samples `0 ..< 16` of each component, from the rows at `u` and `v`:
    /// reads `16 × step` bytes (`u` and `v` each, or from `u` alone).
    static func load16(_ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>) -> (u: SIMD16<UInt8>, v: SIMD16<UInt8>)
}

/// U and V in planes of their own (I420).
public enum PlanarChroma: SIMDChromaLayout {
    /// 1: samples are adjacent bytes.
    @inlinable public static var step: Int { 1 }

    /// 16 bytes from each plane.
    @inlinable @inline(__always)
    public static func load16(_ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>) -> (
        u: SIMD16<UInt8>, v: SIMD16<UInt8>
    ) {
        (SIMDRows.load16(u), SIMDRows.load16(v))
    }
}

/// U and V interleaved in pairs, U first (NV12): `v` is `u + 1`.
public enum InterleavedChroma: SIMDChromaLayout {
    /// 2: a pair a sample.
    @inlinable public static var step: Int { 2 }

    /// The 16 pairs at `u`, split into their even (U) and odd (V) bytes.
    @inlinable @inline(__always)
    public static func load16(_ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>) -> (
        u: SIMD16<UInt8>, v: SIMD16<UInt8>
    ) {
        let pairs = UnsafeRawPointer(u).loadUnaligned(as: SIMD32<UInt8>.self)
        return (pairs.evenHalf, pairs.oddHalf)
    }
}

/// The constants of `M` with chroma interleaved in pairs (NV12): the
/// kernel instantiated with it reads an NV12 frame's chroma plane in place.
public enum InterleavedChromaMatrix<M: SIMDRowMatrix>: SIMDRowMatrix {
    /// `M`'s matrix.
    @inlinable public static var colorMatrix: ColorMatrix { M.colorMatrix }
    /// Pairs.
    public typealias Chroma = InterleavedChroma
    /// `M`, whose chroma is planar.
    public typealias Planar = M
}

/// The address of chroma sample `index` in the chroma row at `row`: in a
/// U or V plane row, or for NV12 pair `index` of the interleaved row.
@inlinable @inline(__always)
public func chromaSampleAddress<M: SIMDRowMatrix>(
    _ m: M.Type, _ row: UnsafePointer<UInt8>, _ index: Int
) -> UnsafePointer<UInt8> {
    row + index &* M.Chroma.step
}
