import Frames

/// Table-driven conversion: every product and the final clamp looked up in
/// tables built once per matrix, so the only per-pixel work is three
/// additions, three shifts and lookups. Bit-exact by construction: each
/// table entry is the reference arithmetic evaluated for that input.
public struct LUTConverter: FrameConverter {
    /// `"lut"`.
    public let name = "lut"

    /// Creates the table-driven converter (tables are shared and built on
    /// first use of each matrix).
    public init() {}

    /// Converts with table look-ups; see `FrameConverter` for the guarantees.
    public func convert(_ source: I420View, to destination: BGRAView, matrix: ColorMatrix) {
        checkSizes(source, destination)
        let tables = ConversionTables.shared[matrix.tableIndex]
        tables.withPointers { t in
            for row in 0..<source.height {
                let yRow = source.y.row(row), uRow = source.u.row(row / 2), vRow = source.v.row(row / 2)
                var out = destination.row(row)
                var x = 0
                while x < source.width {
                    let u = Int(uRow[x / 2]), v = Int(vRow[x / 2])
                    let bTerm = t.ub[u], gTerm = t.ugvg[u] &+ t.vg[v], rTerm = t.vr[v]
                    for _ in 0..<min(2, source.width - x) {
                        let y1 = t.luma[Int(yRow[x])]
                        out[0] = t.clamp[Int((y1 &+ bTerm) >> 6) &+ ConversionTables.clampOffset]
                        out[1] = t.clamp[Int((y1 &- gTerm) >> 6) &+ ConversionTables.clampOffset]
                        out[2] = t.clamp[Int((y1 &+ rTerm) >> 6) &+ ConversionTables.clampOffset]
                        out[3] = 255
                        out += 4
                        x += 1
                    }
                }
            }
        }
    }
}

extension ColorMatrix {
    /// Position of the matrix in `allCases`, for table arrays.
    var tableIndex: Int { Self.allCases.firstIndex(of: self)! }
}

/// The look-up tables of one matrix. Immutable after `init`.
final class ConversionTables: Sendable {
    /// Tables for every matrix, in `ColorMatrix.allCases` order, built on
    /// first use (a `static let` is initialised once, thread-safely).
    static let shared: [ConversionTables] = ColorMatrix.allCases.map { ConversionTables($0.coefficients) }

    /// `clamp[i + clampOffset]` is `i` clamped to 0 ... 255.
    static let clampOffset = 512
    private static let clampRange = -512..<1024

    /// Luma term `((y * 0x0101 * YG) >> 16) + YB` per `y`.
    let luma: [Int32]
    /// `(u - 128) * UB` per `u`.
    let ub: [Int32]
    /// `(u - 128) * UG` per `u`.
    let ugvg: [Int32]
    /// `(v - 128) * VG` per `v`.
    let vg: [Int32]
    /// `(v - 128) * VR` per `v`.
    let vr: [Int32]
    /// The clamp to 0 ... 255, indexed by the shifted sum plus `clampOffset`.
    let clamp: [UInt8]

    init(_ k: YUVCoefficients) {
        luma = (0..<256).map { y in Int32(bitPattern: (UInt32(y) * 0x0101 * UInt32(k.yg)) >> 16) + k.yb }
        ub = (0..<256).map { (Int32($0) - 128) * k.ub }
        ugvg = (0..<256).map { (Int32($0) - 128) * k.ug }
        vg = (0..<256).map { (Int32($0) - 128) * k.vg }
        vr = (0..<256).map { (Int32($0) - 128) * k.vr }
        clamp = Self.clampRange.map { UInt8(min(max($0, 0), 255)) }
    }

    /// Raw pointers to every table, for the hot loop (no bounds checks: the
    /// indices are bytes and shifted sums proven inside `clampRange`).
    struct Pointers {
        let luma, ub, ugvg, vg, vr: UnsafePointer<Int32>
        let clamp: UnsafePointer<UInt8>
    }

    func withPointers<R>(_ body: (Pointers) -> R) -> R {
        luma.withUnsafeBufferPointer { l in ub.withUnsafeBufferPointer { b in
            ugvg.withUnsafeBufferPointer { ug in vg.withUnsafeBufferPointer { g in
                vr.withUnsafeBufferPointer { r in clamp.withUnsafeBufferPointer { c in
                    body(Pointers(luma: l.baseAddress!, ub: b.baseAddress!, ugvg: ug.baseAddress!,
                                  vg: g.baseAddress!, vr: r.baseAddress!, clamp: c.baseAddress!))
                } }
            } }
        } }
    }
}
