import Frames

extension ColorMatrix {
    /// Position of the matrix in `allCases`, for table arrays.
    var tableIndex: Int { Self.allCases.firstIndex(of: self)! }
}

/// The look-up tables of one matrix for `LUTConverter`: 84 KiB in one
/// block, written once in `init` and read-only afterwards, so one instance
/// is shared by every thread.
///
/// With `y1 = ((y * 0x0101 * YG) >> 16) + YB` (docs/arithmetic.md):
/// - blue is a finished byte in a 2-D table with one 256-byte row per `u`
///   (blue is byte 0 of the pixel word, so the byte needs no shift);
/// - green and red are `lane[(y1 + term) >> 6]`, exactly the reference's
///   `clamp255((y1 + term) >> 6)`: the clamp comes from a "lane" of
///   finished 32-bit words with the channel already in its byte (red's
///   with alpha 255 folded in). Both sums are made by one 64-bit addition:
///   `y1 + bias` from a 256-entry table, in both 32-bit halves, plus the
///   chroma sample's green term in the low half and red term in the high
///   half (`bias` keeps both halves non-negative, so they never carry or
///   borrow into each other). Each lane index is then one shift of that word.
///
/// A pixel is thus three look-ups OR-ed together. Only the blue table is
/// larger than L1 wants; the rest (20 KiB) stays there whatever the picture.
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

    /// Added to every sum so that `(sum + bias) >> 6` is the sum's index in
    /// its lane (`laneRange.lowerBound` goes to 0); a multiple of 64, so the
    /// shift is exact.
    static let bias = -laneRange.lowerBound << 6

    /// Where each table starts in `block`, in bytes (all 8-byte aligned).
    enum Offset {
        /// `UInt32` at `i - laneRange.lowerBound`: `clamp255(i) << 8`.
        static let greenLane = 0
        /// `UInt32` at `i - laneRange.lowerBound`: `clamp255(i) << 16 | 0xFF00_0000`.
        static let redLane = greenLane + 4 * laneRange.count
        /// `UInt64` per `y`: `y1 + bias` in both 32-bit halves.
        static let luma = redLane + 4 * laneRange.count
        /// `UInt64` per `u`: `-(u - 128) * UG` (two's complement), the U
        /// part of green's term.
        static let chromaU = luma + 8 * 256
        /// `UInt64` per `v`: `-(v - 128) * VG + ((v - 128) * VR) << 32` (two's
        /// complement), the V part of green's term and red's term.
        static let chromaV = chromaU + 8 * 256
        /// Address per `u` of its row of `blue`.
        static let blueRow = chromaV + 8 * 256
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
        // In range, every biased sum lies in 0 ..< 64 × laneRange.count, so
        // each fits its 32-bit half of the pixel's 64-bit sum.
        for (low, high) in [(greenU.min()! + greenV.min()!, greenU.max()! + greenV.max()!), (red.min()!, red.max()!)] {
            precondition(
                Self.laneRange.contains(Int((luma.min()! + low) >> 6))
                    && Self.laneRange.contains(Int((luma.max()! + high) >> 6)),
                "colour constants outside the lane tables")
        }
        /// `low + high << 32` as a 64-bit two's-complement word.
        func halves(_ low: Int32, _ high: Int32) -> UInt64 {
            UInt64(bitPattern: Int64(low) &+ Int64(high) << 32)
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
        put(luma.map { halves($0 + Int32(Self.bias), $0 + Int32(Self.bias)) }, at: Offset.luma)
        put(greenU.map { halves($0, 0) }, at: Offset.chromaU)
        put((0..<256).map { halves(greenV[$0], red[$0]) }, at: Offset.chromaV)
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
            /// Green's term `-(u - 128) * UG - (v - 128) * VG` in the low
            /// half, red's `(v - 128) * VR` in the high half (two's complement).
            let terms: UInt64
        }

        /// 64-bit entry `index` of the table at byte `offset`.
        @inline(__always)
        private func word(_ offset: Int, _ index: UInt8) -> UInt64 {
            base.load(fromByteOffset: offset &+ 8 &* Int(index), as: UInt64.self)
        }

        /// The row and terms of chroma `u`, `v`.
        @inline(__always)
        func chroma(u: UInt8, v: UInt8) -> Chroma {
            Chroma(
                blue: base.load(fromByteOffset: Offset.blueRow &+ 8 &* Int(u), as: UnsafeRawPointer.self),
                terms: word(Offset.chromaU, u) &+ word(Offset.chromaV, v))
        }

        /// The pixel word (B, G, R, A from the low byte up) for luma `y`
        /// under `chroma`.
        @inline(__always)
        func pixel(_ y: UInt8, _ chroma: Chroma) -> UInt32 {
            // Green's biased sum in the low half, red's in the high half.
            let sums = word(Offset.luma, y) &+ chroma.terms
            let lanes = base.assumingMemoryBound(to: UInt32.self)  // bound in `init`
            let green = lanes[Offset.greenLane / 4 &+ Int(UInt32(truncatingIfNeeded: sums) &>> 6)]
            let red = lanes[Offset.redLane / 4 &+ Int(sums &>> 38)]
            return UInt32(chroma.blue.load(fromByteOffset: Int(y), as: UInt8.self)) | green | red
        }
    }

    /// Calls `body` with pointers valid for the duration of the call.
    func withPointers<R>(_ body: (Pointers) -> R) -> R {
        withExtendedLifetime(self) { body(Pointers(base: UnsafeRawPointer(block))) }
    }
}
