import Frames

/// Table-driven conversion: blue and red come finished from 64 KiB tables
/// indexed by `(chroma, y)`, green from a luma table, two chroma tables and
/// a clamp table, all built once per matrix. Per pixel: three look-ups for
/// blue and red, one addition, one shift and two look-ups for green, one
/// 32-bit store. Bit-exact by construction: each table entry is the
/// reference arithmetic evaluated for that input.
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
                let out = UnsafeMutableRawPointer(destination.row(row))
                let width = source.width
                /// One pixel from luma `y` and its pair's table rows and green term.
                @inline(__always)
                func pixel(_ y: Int, _ blue: UnsafePointer<UInt8>, _ red: UnsafePointer<UInt8>, _ gTerm: Int32) -> UInt32 {
                    let g = t.clamp[Int((t.luma[y] &- gTerm) &>> 6) &+ ConversionTables.clampOffset]
                    return UInt32(blue[y]) | UInt32(g) &<< 8 | UInt32(red[y]) &<< 16 | 0xFF00_0000
                }
                // The two pixels of a chroma sample share its table rows and green term.
                for pair in 0..<(width + 1) / 2 {
                    let u = Int(uRow[pair]), v = Int(vRow[pair])
                    let blue = t.blue + u &<< 8, red = t.red + v &<< 8
                    let gTerm = t.ug[u] &+ t.vg[v]
                    let x = 2 * pair
                    out.storeBytes(of: pixel(Int(yRow[x]), blue, red, gTerm).littleEndian,
                                   toByteOffset: 4 * x, as: UInt32.self)
                    if x + 1 < width {
                        out.storeBytes(of: pixel(Int(yRow[x + 1]), blue, red, gTerm).littleEndian,
                                       toByteOffset: 4 * x + 4, as: UInt32.self)
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
    /// `(u - 128) * UG` per `u`.
    let ug: [Int32]
    /// `(v - 128) * VG` per `v`.
    let vg: [Int32]
    /// Finished blue channel, `256 × u + y` → `clamp255((luma[y] + (u - 128) * UB) >> 6)`.
    let blue: [UInt8]
    /// Finished red channel, `256 × v + y` → `clamp255((luma[y] + (v - 128) * VR) >> 6)`.
    let red: [UInt8]
    /// The clamp to 0 ... 255, indexed by the shifted sum plus `clampOffset`.
    let clamp: [UInt8]

    init(_ k: YUVCoefficients) {
        let luma = (0..<256).map { y in Int32(bitPattern: (UInt32(y) * 0x0101 * UInt32(k.yg)) >> 16) + k.yb }
        let clamp = Self.clampRange.map { UInt8(min(max($0, 0), 255)) }
        func channel(_ coefficient: Int32) -> [UInt8] {
            (0..<65536).map { index in
                clamp[Int((luma[index & 255] + (Int32(index >> 8) - 128) * coefficient) >> 6) + Self.clampOffset]
            }
        }
        self.luma = luma
        self.clamp = clamp
        ug = (0..<256).map { (Int32($0) - 128) * k.ug }
        vg = (0..<256).map { (Int32($0) - 128) * k.vg }
        blue = channel(k.ub)
        red = channel(k.vr)
    }

    /// Raw pointers to every table, for the hot loop (no bounds checks: the
    /// indices are bytes, `256 × byte + byte`, and shifted sums proven
    /// inside `clampRange`).
    struct Pointers {
        let luma, ug, vg: UnsafePointer<Int32>
        let blue, red, clamp: UnsafePointer<UInt8>
    }

    func withPointers<R>(_ body: (Pointers) -> R) -> R {
        luma.withUnsafeBufferPointer { l in ug.withUnsafeBufferPointer { ug in
            vg.withUnsafeBufferPointer { vg in blue.withUnsafeBufferPointer { b in
                red.withUnsafeBufferPointer { r in clamp.withUnsafeBufferPointer { c in
                    body(Pointers(luma: l.baseAddress!, ug: ug.baseAddress!, vg: vg.baseAddress!,
                                  blue: b.baseAddress!, red: r.baseAddress!, clamp: c.baseAddress!))
                } }
            } }
        } }
    }
}
