import Frames

/// Table-driven conversion with the per-matrix tables of
/// `ConversionTables`: per pixel, blue is one look-up in a 2-D table, and
/// green and red share a luma look-up and one 64-bit addition that makes
/// both their sums, then per channel a shift and a look-up in a lane of
/// finished words (channel in its byte, alpha folded into red's), OR-ed
/// into the 32-bit word.
///
/// Two luma rows are converted together, so each chroma sample's look-ups
/// serve its four pixels, and the luma and chroma bytes of four chroma
/// samples are read as one 64-bit word a luma row and one 32-bit word a
/// chroma row (eight columns a step: a few per cent faster than four, from
/// fewer word loads and spills a pixel). This mix was the
/// fastest measured on the benchmark machine: tables well past 64 KiB
/// (pre-shifted 2-D red, unshifted lanes) lose more to cache misses on
/// noisy chroma than they save, and look-up chains without the shared luma
/// term (a step table per channel) are slower still.
/// Bit-exact by construction: each table entry is the reference arithmetic
/// evaluated for that input.
public struct LUTConverter: DestinationBandConverter {
    /// `"lut"`.
    public let name = "lut"

    /// Creates the table-driven converter (tables are shared and built on
    /// first use of each matrix).
    public init() {}

    /// Both: chroma is read through `SourceFrame.u` and `.v`, whose sample
    /// step the row pairs take as given.
    public var layouts: [ChromaLayout] { ChromaLayout.allCases }

    /// Converts with table look-ups; see `FrameConverter` for the guarantees.
    public func convert(_ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation)
    {
        checkSizes(source, destination, orientation)
        let tables = ConversionTables.shared[matrix.tableIndex]
        guard orientation == .upright else {
            tables.withPointers {
                Self.convertOriented(
                    source, to: destination, orientation: orientation, rows: 0..<destination.height, $0)
            }
            return
        }
        let width = source.width
        let height = source.height
        let (u, v, luma) = (source.u, source.v, source.y)
        tables.withPointers { t in
            for chromaRow in 0..<(height + 1) / 2 {
                let top = 2 * chromaRow
                // An odd last luma row pairs with itself: written twice, same bytes.
                let bottom = min(top + 1, height - 1)
                let rows = (
                    u: UnsafeRawPointer(u.base + chromaRow * u.stride),
                    v: UnsafeRawPointer(v.base + chromaRow * v.stride),
                    y0: UnsafeRawPointer(luma.row(top)), y1: UnsafeRawPointer(luma.row(bottom)),
                    out0: UnsafeMutableRawPointer(destination.row(top)),
                    out1: UnsafeMutableRawPointer(destination.row(bottom))
                )
                if u.step == 2 {
                    Self.convertRowPair(width: width, t, interleaved: true, rows)
                } else {
                    Self.convertRowPair(width: width, t, interleaved: false, rows)
                }
            }
        }
    }

    /// Converts destination rows `rows` with the tables, by the index
    /// mapping of `ScalarConverter`; see `DestinationBandConverter`.
    public func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation, rows: Range<Int>
    ) {
        checkSizes(source, destination, orientation, rows: rows)
        ConversionTables.shared[matrix.tableIndex].withPointers {
            Self.convertOriented(source, to: destination, orientation: orientation, rows: rows, $0)
        }
    }

    /// Converts the two luma rows `y0`, `y1` that share the chroma rows `u`,
    /// `v` into `out0`, `out1` (which may be the same row when `y0 == y1`).
    /// Reads `width` luma and `(width + 1) / 2` chroma samples a row (in
    /// separate rows, or `interleaved` in pairs starting at `u` with `v`
    /// one byte on) and writes `4 × width` bytes a row, nothing else.
    @inline(__always)
    static func convertRowPair(
        width: Int, _ t: ConversionTables.Pointers, interleaved: Bool,
        _ rows: (
            u: UnsafeRawPointer, v: UnsafeRawPointer, y0: UnsafeRawPointer, y1: UnsafeRawPointer,
            out0: UnsafeMutableRawPointer, out1: UnsafeMutableRawPointer
        )
    ) {
        let (u, v, y0, y1, out0, out1) = rows
        /// Byte `index` (0 = lowest) of `word`.
        @inline(__always)
        func byte<W: FixedWidthInteger>(_ word: W, _ index: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: word &>> (8 &* index))
        }
        /// Converts luma `y` under `chroma` into pixel `x` of `out`.
        @inline(__always)
        func store(_ y: UInt8, _ chroma: ConversionTables.Pointers.Chroma, _ out: UnsafeMutableRawPointer, _ x: Int) {
            out.storeBytes(of: t.pixel(y, chroma).littleEndian, toByteOffset: 4 &* x, as: UInt32.self)
        }

        // Eight columns (four chroma samples) a step, from whole words.
        let octets = width / 8
        for j in 0..<octets {
            let top = UInt64(littleEndian: y0.loadUnaligned(fromByteOffset: 8 &* j, as: UInt64.self))
            let bottom = UInt64(littleEndian: y1.loadUnaligned(fromByteOffset: 8 &* j, as: UInt64.self))
            let (us, vs) =
                interleaved
                ? splitPairs(u, 8 &* j)
                : (
                    UInt32(littleEndian: u.loadUnaligned(fromByteOffset: 4 &* j, as: UInt32.self)),
                    UInt32(littleEndian: v.loadUnaligned(fromByteOffset: 4 &* j, as: UInt32.self))
                )
            /// Converts the four pixels of chroma sample `k` (0 ... 3) of the step.
            @inline(__always)
            func sample(_ k: Int) {
                let chroma = t.chroma(u: byte(us, k), v: byte(vs, k))
                let x = 8 &* j &+ 2 &* k
                store(byte(top, 2 &* k), chroma, out0, x)
                store(byte(top, 2 &* k &+ 1), chroma, out0, x &+ 1)
                store(byte(bottom, 2 &* k), chroma, out1, x)
                store(byte(bottom, 2 &* k &+ 1), chroma, out1, x &+ 1)
            }
            sample(0)
            sample(1)
            sample(2)
            sample(3)
        }

        // The last one to seven columns, a byte at a time.
        var x = 8 &* octets
        while x < width {
            let offset = interleaved ? x : x &>> 1
            let chroma = t.chroma(
                u: u.load(fromByteOffset: offset, as: UInt8.self),
                v: v.load(fromByteOffset: offset, as: UInt8.self))
            store(y0.load(fromByteOffset: x, as: UInt8.self), chroma, out0, x)
            store(y1.load(fromByteOffset: x, as: UInt8.self), chroma, out1, x)
            if x &+ 1 < width {
                store(y0.load(fromByteOffset: x &+ 1, as: UInt8.self), chroma, out0, x &+ 1)
                store(y1.load(fromByteOffset: x &+ 1, as: UInt8.self), chroma, out1, x &+ 1)
            }
            x &+= 2
        }
    }

    /// The U and V bytes of the four chroma pairs at byte `offset` of an
    /// interleaved row, each as a 32-bit word (sample 0 lowest).
    @inline(__always)
    static func splitPairs(_ pairs: UnsafeRawPointer, _ offset: Int) -> (UInt32, UInt32) {
        let word = UInt64(littleEndian: pairs.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        func evenBytes(_ w: UInt64) -> UInt32 {
            UInt32(truncatingIfNeeded: (w & 0xFF) | (w >> 8 & 0xFF00) | (w >> 16 & 0xFF_0000) | (w >> 24 & 0xFF00_0000))
        }
        return (evenBytes(word), evenBytes(word >> 8))
    }

    /// Destination rows `rows` in any orientation, by the index mapping of
    /// `ScalarConverter` with the tables in place of the arithmetic: each
    /// output row takes its source samples where `Orientation.sourcePosition` says.
    static func convertOriented(
        _ source: SourceFrame, to destination: BGRAView, orientation: Orientation, rows: Range<Int>,
        _ t: ConversionTables.Pointers
    ) {
        let (uPlane, vPlane) = (source.u, source.v)
        for row in rows {
            let y = source.y.orientedRow(row, orientation: orientation)
            let u = uPlane.orientedRow(row &>> 1, orientation: orientation)
            let v = vPlane.orientedRow(row &>> 1, orientation: orientation)
            let out = UnsafeMutableRawPointer(destination.row(row))
            for x in 0..<destination.width {
                let c = x &>> 1
                let chroma = t.chroma(u: u.start[c &* u.step], v: v.start[c &* v.step])
                out.storeBytes(
                    of: t.pixel(y.start[x &* y.step], chroma).littleEndian, toByteOffset: 4 &* x, as: UInt32.self)
            }
        }
    }
}

extension LUTConverter {
    /// Its row of the converter table: exact, every orientation.
    public static let entry = ConverterEntry(name: "lut", role: .exact) { _ in LUTConverter() }
}
