import Frames
import Testing

/// Sizes, chroma rounding, bands and the colour-matrix table.
@Suite struct FrameTypesTests {
    @Test func chromaRoundsUp() {
        let odd = FrameSize(width: 175, height: 143)
        #expect(odd.chromaWidth == 88 && odd.chromaHeight == 72)
        #expect(FrameSize(width: 1, height: 1).i420ByteCount == 3)
        #expect(FrameSize(width: 176, height: 144).i420ByteCount == 176 * 144 * 3 / 2)
    }

    @Test func parsesSizes() {
        #expect(FrameSize(parsing: "1920x1080") == FrameSize(width: 1920, height: 1080))
        #expect(FrameSize(parsing: "33X17") == FrameSize(width: 33, height: 17))
        for bad in ["", "x", "0x5", "5x0", "1920", "1920x", "ax3", "20000x10", "-3x4"] {
            #expect(FrameSize(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func bandsShareNoChromaRow() {
        let buffer = I420Buffer(size: FrameSize(width: 5, height: 7), padding: 3)
        buffer.fill(.y) { _, y in UInt8(y) }
        buffer.fill(.u) { _, y in UInt8(100 + y) }
        let band = buffer.view.band(rows: 4..<7)
        #expect(band.height == 3 && band.u.height == 2)
        #expect(band.y.row(0).pointee == 4)
        #expect(band.u.row(0).pointee == 102 && band.u.row(1).pointee == 103)
    }

    @Test func copyDropsPadding() {
        let size = FrameSize(width: 3, height: 3)
        let padded = I420Buffer(size: size, padding: 9)
        padded.fill(.v) { x, y in UInt8(x + 2 * y + 1) }
        let packed = I420Buffer(size: size)
        packed.copy(from: padded.view)
        #expect(packed.view.v.rowBytes(1).elementsEqual([3, 4]))
    }

    @Test func constantsFollowTheirDocumentedDerivation() {
        // docs/arithmetic.md: coefficients are matrix entries × 64, rounded;
        // YG = round(gain × 64 × 65536 / 257). Check VR and the gains
        // against the ideal matrices (UB is capped at 128 for limited range).
        for matrix in ColorMatrix.allCases {
            let k = matrix.coefficients
            let (kr, _) = matrix.lumaWeights
            let chromaScale = matrix.isFullRange ? 1.0 : 255.0 / 224.0
            let gain = matrix.isFullRange ? 1.0 : 1.164
            #expect(abs(Double(k.vr) - 2 * (1 - kr) * chromaScale * 64) < 1, "\(matrix) VR")
            #expect(abs(Double(k.yg) - gain * 64 * 65536 / 257) < 8, "\(matrix) YG")
        }
    }
}

/// Orientation names, ABI values, sizes and sample positions worked out by
/// hand from the rotation's definition.
@Suite struct OrientationTests {
    @Test func namesAndABIValues() {
        #expect(
            Orientation.allCases.map(\.name) == [
                "upright", "rotate90", "rotate180", "rotate270",
                "mirror", "rotate90-mirror", "rotate180-mirror", "rotate270-mirror",
            ])
        #expect(Orientation.allCases.map(\.abiValue) == Array(0...7))
        #expect(Orientation(name: "rotate90-mirror") == Orientation(quarterTurns: 1, mirrored: true))
        #expect(Orientation(name: "flip") == nil)
        #expect(Orientation(abiValue: 8) == nil)
    }

    @Test func sizes() {
        let size = FrameSize(width: 5, height: 3)
        #expect(Orientation.rotate90.orientedSize(of: size) == FrameSize(width: 3, height: 5))
        #expect(Orientation.rotate270Mirror.orientedSize(of: size) == FrameSize(width: 3, height: 5))
        #expect(Orientation.mirror.orientedSize(of: size) == size)
    }

    /// A 3-wide, 2-high plane  a b c / d e f  turned a quarter clockwise is
    /// d a / e b / f c; mirrored it is a d / b e / c f.
    @Test func positionsOfAQuarterTurn() {
        func sample(_ o: Orientation, _ x: Int, _ y: Int) -> String {
            let p = o.sourcePosition(x: x, y: y, planeWidth: 3, planeHeight: 2)
            return ["abc", "def"][p.y].map(String.init)[p.x]
        }
        func plane(_ o: Orientation, width: Int, height: Int) -> [String] {
            (0..<height).map { y in (0..<width).map { sample(o, $0, y) }.joined() }
        }
        #expect(plane(.rotate90, width: 2, height: 3) == ["da", "eb", "fc"])
        #expect(plane(.rotate90Mirror, width: 2, height: 3) == ["ad", "be", "cf"])
        #expect(plane(.rotate180, width: 3, height: 2) == ["fed", "cba"])
        #expect(plane(.rotate270, width: 2, height: 3) == ["cf", "be", "ad"])
        #expect(plane(.mirror, width: 3, height: 2) == ["cba", "fed"])
        #expect(plane(.rotate180Mirror, width: 3, height: 2) == ["def", "abc"])
    }

    /// `PlaneView.orientedRow` walks the same samples `sourcePosition` names,
    /// on a padded plane, in every orientation.
    @Test func orientedRowsWalkThePositions() {
        var bytes: [UInt8] = Array("abc_def_".utf8)  // two rows of 3, stride 4
        bytes.withUnsafeMutableBufferPointer { buffer in
            let plane = PlaneView(base: UnsafePointer(buffer.baseAddress!), stride: 4, width: 3, height: 2)
            for o in Orientation.allCases {
                let size = o.orientedSize(of: FrameSize(width: 3, height: 2))
                for y in 0..<size.height {
                    let line = plane.orientedRow(y, orientation: o)
                    let walked = (0..<size.width).map { line.start[$0 * line.step] }
                    let named = (0..<size.width).map { x in
                        let p = o.sourcePosition(x: x, y: y, planeWidth: 3, planeHeight: 2)
                        return buffer[p.y * 4 + p.x]
                    }
                    #expect(walked == named, "\(o) row \(y)")
                }
            }
        }
    }
}

/// Where frame buffers start: a cache line for small ones, a huge-page
/// boundary from 64 KiB up (the same layout in every process).
@Suite struct FrameMemoryTests {
    @Test func alignment() {
        let small = BGRABuffer(size: FrameSize(width: 64, height: 48))  // 12 KiB: from the allocator
        let mapped = BGRABuffer(size: FrameSize(width: 640, height: 480))  // 1.2 MB: a mapping of its own
        let large = BGRABuffer(size: FrameSize(width: 1920, height: 1080))
        let largeI420 = I420Buffer(size: FrameSize(width: 1920, height: 1080))
        #expect(Int(bitPattern: small.view.base) % 64 == 0)
        #expect(Int(bitPattern: mapped.view.base) % (2 << 20) == 0)
        #expect(Int(bitPattern: large.view.base) % (2 << 20) == 0)
        #expect(Int(bitPattern: largeI420.view.y.base) % (2 << 20) == 0)
        #expect(large.allBytes.allSatisfy { $0 == 0 })
    }

    @Test("aligned rows: the smallest multiple of 64 bytes that holds a row, filled")
    func alignedRows() {
        for (width, stride) in [(1, 64), (16, 64), (17, 128), (1080, 4352), (1920, 7680)] {
            let buffer = BGRABuffer(alignedRowsOf: FrameSize(width: width, height: 3), fill: 7)
            #expect(buffer.stride == stride, "width \(width)")
            #expect(buffer.allBytes.count == stride * 3 && buffer.allBytes.allSatisfy { $0 == 7 })
        }
    }
}
