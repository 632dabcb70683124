import Frames

extension ColorMatrix {
    /// Position of the matrix in `allCases`, for table arrays.
    var tableIndex: Int { Self.allCases.firstIndex(of: self)! }
}

/// The look-up tables of one matrix for `LUTConverter`: 82 KiB in one
/// block, written once in `init` and read-only afterwards, so one instance
/// is shared by every thread.
///
/// With `y1 = ((y * 0x0101 * YG) >> 16) + YB` (yuv-arithmetic.md):
/// - blue is a finished byte in a 2-D table with one 256-byte row per `u`
///   (blue is byte 0 of the pixel word, so the byte needs no shift);
/// - green and red are `lane[(y1 + term) >> 6]`, exactly the reference's
///   `clamp255((y1 + term) >> 6)`: `y1` and every chroma product come from
///   256-entry tables and the clamp from a "lane" of finished 32-bit words
///   with the channel already in its byte (red's with alpha 255 folded in).
///
/// A pixel is thus three look-ups OR-ed together. Only the blue table is
/// larger than L1 wants; the rest (18 KiB) stays there whatever the picture.
/// Every entry is the reference arithmetic evaluated for its inputs, so the
/// converter is bit-exact by construction.
final class ConversionTables: @unchecked Sendable {
    // @unchecked: `block` is written only in `init` and read-only after.

    /// Tables for every matrix, in `ColorMatrix.allCases` order, built on
    /// first use (a `static let` is initialised once, thread-safely).
    static let shared: [ConversionTables] = ColorMatrix.allCases.map { ConversionTables($0.coefficients) }

    /// Shifted sums `(y1 + term) >> 6` the lanes cover; `init` checks every
    /// sum the matrix can produce falls inside.
    static let laneRange = -512..<1024

    /// Where each table starts in `block`, in bytes (all 8-byte aligned).
    enum Offset {
        /// `UInt32` at `i - laneRange.lowerBound`: `clamp255(i) << 8`.
        static let greenLane = 0
        /// `UInt32` at `i - laneRange.lowerBound`: `clamp255(i) << 16 | 0xFF00_0000`.
        static let redLane = greenLane + 4 * laneRange.count
        /// `Int32` per `y`: `y1`.
        static let luma = redLane + 4 * laneRange.count
        /// `Int32` per `u`: `-(u - 128) * UG`, the U part of green's term.
        static let greenU = luma + 4 * 256
        /// `Int32` per `v`: `-(v - 128) * VG`, the V part of green's term.
        static let greenV = greenU + 4 * 256
        /// `Int32` per `v`: `(v - 128) * VR`, red's term.
        static let red = greenV + 4 * 256
        /// Address per `u` of its row of `blue`.
        static let blueRow = red + 4 * 256
        /// `UInt8` at `256 × u + y`: `clamp255((y1 + (u - 128) * UB) >> 6)`.
        static let blue = blueRow + 8 * 256
        /// Bytes in all.
        static let end = blue + 256 * 256
    }

    /// The tables, laid out as `Offset` says; bound to `UInt32` (the lanes
    /// are read typed, everything else with raw loads).
    private let block: UnsafeMutableRawPointer

    /// Builds the tables from the reference constants `k`.
    /// - Precondition (checked): every lane index lies in `laneRange`.
    init(_ k: YUVCoefficients) {
        let luma = (0..<256).map { y in Int32(bitPattern: (UInt32(y) * 0x0101 * UInt32(k.yg)) >> 16) + k.yb }
        /// `(c - 128) * coefficient` for every chroma value `c`.
        func product(_ coefficient: Int32) -> [Int32] { (0..<256).map { (Int32($0) - 128) * coefficient } }
        /// `value` clamped to 0 ... 255.
        func clamp255(_ value: Int32) -> UInt8 { UInt8(min(max(value, 0), 255)) }
        let (greenU, greenV, red) = (product(-k.ug), product(-k.vg), product(k.vr))

        // Look-ups are unchecked in the hot loop: prove the lane indices here.
        for (low, high) in [(greenU.min()! + greenV.min()!, greenU.max()! + greenV.max()!), (red.min()!, red.max()!)] {
            precondition(Self.laneRange.contains(Int((luma.min()! + low) >> 6))
                         && Self.laneRange.contains(Int((luma.max()! + high) >> 6)),
                         "colour constants outside the lane tables")
        }

        let block = UnsafeMutableRawPointer.allocate(byteCount: Offset.end, alignment: 64)
        /// Writes `table` from byte `offset` of the block on.
        func put<T>(_ table: [T], at offset: Int) {
            for (index, entry) in table.enumerated() {
                block.storeBytes(of: entry, toByteOffset: offset + index * MemoryLayout<T>.stride, as: T.self)
            }
        }
        put(Self.laneRange.map { UInt32(clamp255(Int32($0))) << 8 }, at: Offset.greenLane)
        put(Self.laneRange.map { UInt32(clamp255(Int32($0))) << 16 | 0xFF00_0000 }, at: Offset.redLane)
        put(luma, at: Offset.luma)
        put(greenU, at: Offset.greenU)
        put(greenV, at: Offset.greenV)
        put(red, at: Offset.red)
        put((0..<256).map { UnsafeRawPointer(block + Offset.blue + 256 * $0) }, at: Offset.blueRow)
        put((0..<256 * 256).map { clamp255((luma[$0 & 255] + (Int32($0 >> 8) - 128) * k.ub) >> 6) }, at: Offset.blue)
        block.bindMemory(to: UInt32.self, capacity: Offset.end / 4)
        self.block = block
    }

    /// Frees the block (never, for the shared instances).
    deinit { block.deallocate() }

    /// Unchecked access to the tables for the hot loop, valid inside
    /// `withPointers`: indices come from bytes, and lane indices from sums
    /// `init` has proven in range.
    struct Pointers {
        /// The block's first byte.
        let base: UnsafeRawPointer

        /// What one chroma sample selects: blue's table row and the terms
        /// that green and red add to `y1`.
        struct Chroma {
            /// Row `u` of the blue table.
            let blue: UnsafeRawPointer
            /// `-(u - 128) * UG - (v - 128) * VG` and `(v - 128) * VR`.
            let green, red: Int
        }

        /// Signed 32-bit entry `index` of the table at byte `offset`, widened.
        @inline(__always)
        private func signed(_ offset: Int, _ index: UInt8) -> Int {
            Int(base.load(fromByteOffset: offset &+ 4 &* Int(index), as: Int32.self))
        }

        /// The row and terms of chroma `u`, `v`.
        @inline(__always)
        func chroma(u: UInt8, v: UInt8) -> Chroma {
            Chroma(blue: base.load(fromByteOffset: Offset.blueRow &+ 8 &* Int(u), as: UnsafeRawPointer.self),
                   green: signed(Offset.greenU, u) &+ signed(Offset.greenV, v), red: signed(Offset.red, v))
        }

        /// The pixel word (B, G, R, A from the low byte up) for luma `y`
        /// under `chroma`.
        @inline(__always)
        func pixel(_ y: UInt8, _ chroma: Chroma) -> UInt32 {
            let y1 = signed(Offset.luma, y)
            let lanes = base.assumingMemoryBound(to: UInt32.self)  // bound in `init`
            /// Entry `sum >> 6` of the lane at byte `offset`.
            @inline(__always)
            func lane(_ offset: Int, _ sum: Int) -> UInt32 {
                lanes[offset / 4 &- laneRange.lowerBound &+ sum &>> 6]
            }
            return UInt32(chroma.blue.load(fromByteOffset: Int(y), as: UInt8.self))
                | lane(Offset.greenLane, y1 &+ chroma.green) | lane(Offset.redLane, y1 &+ chroma.red)
        }
    }

    /// Calls `body` with pointers valid for the duration of the call.
    func withPointers<R>(_ body: (Pointers) -> R) -> R {
        withExtendedLifetime(self) { body(Pointers(base: UnsafeRawPointer(block))) }
    }
}
