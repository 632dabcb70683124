import Frames
import Synchronization

// The SIMD I420 → BGRA kernel, written once with Swift SIMD types and
// instantiated per instruction-set level: every entry point here is generic
// over a `SIMDLevelTag`, so a module that calls it with its own tag type gets
// its own specialisation, compiled with that module's `-target-cpu`
// (SIMDRowsAVX2, SIMDRowsAVX512, SIMDRowsAVX512VBMI; the baseline instance
// is `convertBaseline`).
//
// Arithmetic (bit-exact with libyuv, docs/arithmetic.md; design in
// docs/kernel.md), in unsigned 16-bit lanes with an offset so that nothing
// wraps:
//
//   A  = ((y * 0x0101 * YG) >> 16) + 32768           luma term, 32768 ... 51770
//   Tb = 32768 - YB - ui * UB                        chroma terms, each in 0 ... 65535
//   Tg = 32768 - YB + ui * UG + vi * VG              for every matrix (checked by
//   Tr = 32768 - YB - vi * VR                        `SIMDRowConstants.termRange`)
//
// so `A - Tb` is exactly libyuv's blue sum `y1 + ui * UB` (and likewise for
// green and red), and `max(A, T) - T` (one `psubusw`) is that sum clamped
// below at 0. Clamping above at 16383 (= 255 × 64 + 63) and shifting by 6
// then gives `clamp255(sum >> 6)`.
//
// Layout: 16 pixels a 256-bit vector of 16-bit lanes, in "pair order": the
// 32-bit lane j holds pixel j (low half) and pixel j + 8 (high half), with
// j = 0 ... 3 in the low 128 bits and 4 ... 7 in the high 128 bits. Blue and
// green share one 16-bit lane (B | G << 8), red and alpha another (R | FF << 8),
// and two word blends (`vpblendw`) turn the pairs into pixels 0 ... 7 and
// 8 ... 15, so no shuffle follows the arithmetic. Chroma terms are computed
// once per 32 chroma-sharing pixels at half resolution and spread to pair
// order with one in-lane byte shuffle each; at the AVX2 and AVX-512 levels
// the two luma rows of a chroma row share them.
//
// Row pairs go in 64-pixel blocks (`SIMDLevelTag.convertPairBlock64`) and
// end in the level's `convertPairEnd`: at AVX2 in blocks of 256-bit
// vectors written with intrinsics (SIMDRowsAVX2/PairBlock256.swift), at the
// AVX-512 levels in 512-bit vectors (SIMDRowsAVX512/PairBlock512.swift),
// by default two of the 32-pixel blocks above. The AVX-512 blocks use the
// offset terms above; the AVX2 block uses libyuv's signed saturating sums
// instead, and from I420 planes computes its chroma terms once per 16
// samples and repeats them with unpacks (its 16-pixel ends repeat the
// samples first; NV12 pairs are repeated first and each term's products
// are one `vpmaddubsw` of them; docs/kernel.md, "The AVX2 block"). Every
// level is bit-exact with libyuv.
//
// Stores: each kernel is instantiated twice, with ordinary stores and with
// streaming (non-temporal) ones, which write a frame too big for the caches
// without first reading every destination line in (a third less memory
// traffic). Streaming needs 64-byte-aligned rows; a row's last, overlapping
// block and the whole block before it use ordinary stores, so no cache line
// mixes both kinds. The streaming store is the platform's own intrinsic
// (`_mm512_stream_si512`, `_mm256_stream_si256`, `_mm_stream_si128` from
// clang's intrinsics module): Swift has no non-temporal store of its own.
//
// The formulations of min, saturating subtraction and the high multiply
// in LaneOperations.swift are the ones LLVM turns into single instructions
// (`vpminuw`, `vpsubusw`, `vpmulhuw`); the stdlib's generic helpers
// (`pointwiseMin`, `clamped`, converting initialisers) compile to calls or
// lane loops.
// Check the AVX2 and AVX-512 hot loops after any change:
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX2.build/AVX2Level.swift.o
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512.build/AVX512Level.swift.o
//   objdump -d --no-show-raw-insn .build/release/SIMDRowsAVX512VBMI.build/AVX512VBMILevel.swift.o
//
// Incremental builds: SwiftPM does not recompile SIMDRowsAVX2,
// SIMDRowsAVX512 and SIMDRowsAVX512VBMI when only an @inlinable body in
// SIMDRows changes; touch their sources (or clean) after editing this module.

/// Converts `source` into `destination` with `matrix`; instantiated in the
/// calling module for `level`. With `streaming`, and when every destination
/// row starts 64-byte aligned, whole vector blocks are written with
/// non-temporal stores (the bytes are the same; only the cache traffic
/// differs), followed by a fence so they are visible to other threads once
/// this returns.
/// - Precondition: `source` and `destination` have the same size.
@inlinable
public func convertFrame<Level: SIMDLevelTag>(
    _ level: Level.Type, _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, streaming: Bool
) {
    if streaming && streamingStoresFit(destination) {
        convertFrame(level, StreamingStores<Level>.self, source, to: destination, matrix: matrix)
        // A locked instruction drains the write-combining buffers that hold
        // non-temporal stores (Intel SDM vol. 3, 11.3.1), so a thread that
        // synchronises with this one afterwards sees every byte.
        atomicMemoryFence(ordering: .sequentiallyConsistent)
    } else {
        convertFrame(level, CachedStores.self, source, to: destination, matrix: matrix)
    }
}

/// Whether every row of `destination` starts on a 64-byte boundary: the
/// alignment of a streaming store (32 or 64 bytes), and no cache line
/// holding the end of one row and the start of the next.
@inlinable
public func streamingStoresFit(_ destination: BGRAView) -> Bool {
    Int(bitPattern: destination.row(0)) & 63 == 0 && destination.stride & 63 == 0
}

/// The matrix switch of `convertFrame`, for one store kind.
@inlinable
func convertFrame<Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ level: Level.Type, _ stores: Stores.Type, _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix
) {
    switch matrix {
    case .bt601: convertLaidOut(SIMDRowMatrices.BT601.self, level, stores, source, to: destination)
    case .bt601Full: convertLaidOut(SIMDRowMatrices.BT601Full.self, level, stores, source, to: destination)
    case .bt709: convertLaidOut(SIMDRowMatrices.BT709.self, level, stores, source, to: destination)
    case .bt709Full: convertLaidOut(SIMDRowMatrices.BT709Full.self, level, stores, source, to: destination)
    case .bt2020: convertLaidOut(SIMDRowMatrices.BT2020.self, level, stores, source, to: destination)
    case .bt2020Full: convertLaidOut(SIMDRowMatrices.BT2020Full.self, level, stores, source, to: destination)
    }
}

/// The layout switch of `convertFrame`: `M` as it is for I420, with its
/// chroma interleaved for NV12.
@inlinable
func convertLaidOut<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ matrix: M.Type, _ level: Level.Type, _ stores: Stores.Type, _ source: SourceFrame, to destination: BGRAView
) {
    switch source.layout {
    case .i420: convertFrame(matrix, level, stores, source, to: destination)
    case .nv12: convertFrame(InterleavedChromaMatrix<M>.self, level, stores, source, to: destination)
    }
}

/// Converts `source` into `destination` with the constants and chroma
/// layout of `M`, one chroma row (two luma rows) at a time, whole blocks
/// stored by `Stores`.
/// - Precondition: `M.Chroma` is `source`'s layout.
@inlinable
public func convertFrame<M: SIMDRowMatrix, Level: SIMDLevelTag, Stores: SIMDStoreKind>(
    _ matrix: M.Type, _ level: Level.Type, _ stores: Stores.Type, _ source: SourceFrame, to destination: BGRAView
) {
    precondition(
        source.width == destination.width && source.height == destination.height,
        "source and destination sizes differ")
    let width = source.width
    let height = source.height
    guard width > 0, height > 0 else { return }
    let bound = SIMDRowConstants.upperBound
    let (uPlane, vPlane) = (source.u, source.v)
    var row = 0
    while row < height {
        let u = uPlane.row(row / 2)
        let v = vPlane.row(row / 2)
        if row + 1 < height && Level.convertsRowPairs {
            convertRowPair(
                matrix, level, stores, source.y.row(row), source.y.row(row + 1), u, v,
                destination.row(row), destination.row(row + 1), width, bound)
        } else {
            convertSingleRow(matrix, stores, source.y.row(row), u, v, destination.row(row), width, bound)
            if row + 1 < height {
                convertSingleRow(matrix, stores, source.y.row(row + 1), u, v, destination.row(row + 1), width, bound)
            }
        }
        row += 2
    }
}
