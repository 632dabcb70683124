import Converters
import Frames
import Measurement
import SIMDRows
import TestSupport
import Testing

/// The memory floor's promises: every pixel byte written once with 0xFF, no
/// padding touched, every meaningful source byte read and nothing past a
/// plane (each plane ends right before a guard page). No timing is checked.
@Suite struct MemoryFloorTests {
    static let canary: UInt8 = 0x5A
    /// Odd heights end in a row alone; even ones in a last pair with no
    /// next pair to prefetch.
    static let heights = [1, 2, 3, 4, 33]
    /// 1 ... 67 covers every short-row path at every level; the wider ones
    /// reach the unrolled loops (AVX-512 folds 256 bytes a step) and the
    /// blocks' walk with and without a tail (128 and 192: whole blocks only).
    static let widths = Array(1...67) + [128, 130, 192, 257, 520, 1031]

    /// A destination whose rows start unaligned and whose last row ends right
    /// before a guard page, padding (`padding` bytes a row) set to the canary.
    final class GuardedDestination {
        let bytes: GuardedBytes
        let view: BGRAView
        init(size: FrameSize, padding: Int) {
            let stride = size.width * 4 + padding
            bytes = GuardedBytes(count: stride * (size.height - 1) + size.width * 4, fill: MemoryFloorTests.canary)
            view = BGRAView(base: bytes.base, stride: stride, width: size.width, height: size.height)
        }
    }

    /// Pixel bytes that are not 0xFF plus padding bytes that are not the
    /// canary, over `view` (the last row's padding only where it exists).
    static func wrongBytes(_ view: BGRAView, paddingBytesAfterLastRow: Int) -> Int {
        var wrong = 0
        for row in 0..<view.height {
            let start = view.row(row)
            for i in 0..<(view.width * 4) where start[i] != 0xFF { wrong += 1 }
            let padding = row + 1 < view.height ? view.stride - view.width * 4 : paddingBytesAfterLastRow
            for i in (view.width * 4)..<(view.width * 4 + padding) where start[i] != canary { wrong += 1 }
        }
        return wrong
    }

    /// The OR of the meaningful bytes of every plane of `frame`.
    static func orOfSamples(_ frame: SourceFrame) -> UInt8 {
        var bits: UInt8 = 0
        for (_, plane) in frame.planes {
            for row in 0..<plane.height {
                for byte in plane.rowBytes(row) { bits |= byte }
            }
        }
        return bits
    }

    @Test(
        "writes exactly the pixel bytes of every row and reads only the planes",
        arguments: SIMDLevel.supported, ChromaLayout.allCases)
    func writesExactlyThePixels(level: SIMDLevel, layout: ChromaLayout) {
        for height in Self.heights {
            for width in Self.widths {
                let size = FrameSize(width: width, height: height)
                let source = GuardedSource(
                    size: size, layout: layout, padding: 3, seed: UInt64(width * 100 + height))
                let expectedBits = Self.orOfSamples(source.view)
                for threads in [1, 2] {
                    let floor = MemoryFloor(size: size, level: level, threads: threads)
                    #expect(floor.level == level)
                    for method in FloorMethod.allCases {
                        floor.method = method
                        // 64-byte-aligned rows with padding after each row...
                        let aligned = BGRABuffer(size: size, padding: 64 - (width * 4) % 64 + 64, fill: Self.canary)
                        floor.run(source.view, to: aligned.view)
                        let alignedWrong = Self.wrongBytes(
                            aligned.view, paddingBytesAfterLastRow: aligned.stride - width * 4)
                        // ...unaligned rows ending at a guard page...
                        let guarded = GuardedDestination(size: size, padding: 5)
                        floor.run(source.view, to: guarded.view)
                        let guardedWrong = Self.wrongBytes(guarded.view, paddingBytesAfterLastRow: 0)
                        // ...and rows with no padding between them (one range
                        // for the planes walk), ending at a guard page.
                        let contiguous = GuardedDestination(size: size, padding: 0)
                        floor.run(source.view, to: contiguous.view)
                        let contiguousWrong = Self.wrongBytes(contiguous.view, paddingBytesAfterLastRow: 0)
                        #expect(
                            alignedWrong == 0 && guardedWrong == 0 && contiguousWrong == 0,
                            "\(size) \(level) threads \(threads) \(method): \(alignedWrong) + \(guardedWrong) + \(contiguousWrong) wrong bytes"
                        )
                        #expect(floor.sourceBits == expectedBits, "\(size) \(level) threads \(threads) \(method)")
                    }
                }
            }
        }
    }

    @Test(
        "reads every meaningful source byte and no padding", arguments: SIMDLevel.supported, ChromaLayout.allCases)
    func readsEveryByte(level: SIMDLevel, layout: ChromaLayout) {
        let cases =
            Self.widths.map { (FrameSize(width: $0, height: 3), 1) }
            + [1, 33, 67, 130].map { (FrameSize(width: $0, height: 33), 2) }
        for (size, threads) in cases {
            // Random padding, zero samples: a read of padding would show in the OR.
            let source = GuardedSource(size: size, layout: layout, padding: 7, seed: UInt64(size.width))
            let planes = source.view.planes.map(\.plane)
            for plane in planes {
                for row in 0..<plane.height {
                    UnsafeMutablePointer(mutating: plane.row(row)).update(repeating: 0, count: plane.width)
                }
            }
            let destination = BGRABuffer(size: size)
            let floor = MemoryFloor(size: size, level: level, threads: threads)
            // The piece walk, the kernel's blocks and the plane-by-plane
            // walk read differently.
            for shape in [FloorShape.pieces, .blocks, .planes] {
                floor.method = FloorMethod(shape: shape, stores: .cached)
                floor.run(source.view, to: destination.view)
                #expect(floor.sourceBits == 0, "\(size) \(level) \(shape): padding read")
                var missed = 0
                for plane in planes {
                    for row in 0..<plane.height {
                        let bytes = UnsafeMutablePointer(mutating: plane.row(row))
                        for i in 0..<plane.width {
                            bytes[i] = 0x80
                            floor.run(source.view, to: destination.view)
                            if floor.sourceBits != 0x80 { missed += 1 }
                            bytes[i] = 0
                        }
                    }
                }
                #expect(missed == 0, "\(size) \(level) threads \(threads) \(shape): \(missed) bytes not read")
            }
        }
    }

    @Test("a floor keeps its method with the lowest median time; the first on a tie")
    func fastestMethod() throws {
        func samples(_ method: FloorMethod, _ wall: [Double]) -> CellSamples {
            var samples = CellSamples(id: .floor(threads: 1), wall: wall, cpu: wall)
            samples.floorMethod = method
            return samples
        }
        let methods = FloorMethod.allCases
        #expect(methods.count == 12 && methods[0] == FloorMethod(shape: .pieces, stores: .cached))
        #expect(
            methods.map(\.description) == [
                "cached", "streaming", "blocks cached", "blocks streaming", "whole-rows cached", "whole-rows streaming",
                "rows cached", "rows streaming", "planes cached", "planes streaming", "prefetched cached",
                "prefetched streaming",
            ])
        let rows = FloorMethod(shape: .wholeRows, stores: .cached)
        let fastest = CellSamples.fastest(of: [
            samples(methods[0], [300, 310, 290]), samples(methods[1], [210, 500, 205]), samples(rows, [80, 81, 500]),
        ])
        #expect(fastest?.floorMethod == rows)
        let tie = CellSamples.fastest(of: [samples(methods[0], [5, 6]), samples(methods[1], [6, 5])])
        #expect(tie?.floorMethod == methods[0])
        #expect(CellSamples.fastest(of: []) == nil)
    }

    @Test("the level never exceeds what the CPU supports")
    func levelIsCapped() {
        let highest = SIMDLevel.allCases.max()!
        let floor = MemoryFloor(size: FrameSize(width: 16, height: 16), level: highest)
        #expect(SIMDLevel.supported.contains(floor.level))
        #expect(floor.level == SIMDLevel.supported.last)
    }

    @Test("an empty frame is a no-op, whatever the method")
    func emptyFrame() {
        for size in [FrameSize(width: 0, height: 0), FrameSize(width: 0, height: 5), FrameSize(width: 5, height: 0)] {
            let source = I420Buffer(size: size, padding: 0)
            let destination = BGRABuffer(size: size)
            let floor = MemoryFloor(size: size, threads: 2)
            for method in FloorMethod.allCases {
                floor.method = method
                floor.run(.i420(source.view), to: destination.view)
                #expect(floor.sourceBits == 0, "\(method)")
            }
        }
    }
}
