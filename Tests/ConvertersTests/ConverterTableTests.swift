import Converters
import Frames
import Peers
import TestSupport
import Testing

/// The converter table says what each built-in converter is, and the
/// converters agree with their rows.
@Suite struct ConverterTableTests {
    @Test(
        "each duty is where the design puts it: libyuv the oracle, scalar the readable reference, simd the stream default, parallel the one splitting frames; the single duties on one row each"
    )
    func duties() {
        #expect(ConverterRegistry.oracleName == "libyuv")
        #expect(ConverterRegistry.readableReferenceName == "scalar")
        #expect(ConverterRegistry.streamDefaultName == "simd")
        #expect(ConverterRegistry.names(with: .splitsFrames) == ["parallel"])
        #expect(ConverterRegistry.names(with: .callComparison) == ["simd", "libyuv"])
        #expect(ConverterRegistry.names(with: .countedPerLevel) == ["simd"])
        #expect(ConverterRegistry.names(with: .countControl) == ["libyuv", "swscale"])
        for duty: ConverterEntry.Duty in [.oracle, .readableReference, .streamDefault] {
            #expect(ConverterRegistry.names(with: duty).count == 1, "\(duty)")
        }
    }

    @Test("names are unique, and each row makes a converter of its name")
    func rowsMakeTheirConverters() throws {
        let names = ConverterRegistry.table.map(\.name)
        #expect(Set(names).count == names.count)
        for entry in ConverterRegistry.table {
            #expect(try #require(entry.make(nil), "\(entry.unavailableReason() ?? "")").name == entry.name)
            #expect(ConverterRegistry.make(entry.name)?.name == entry.name)
        }
        #expect(ConverterRegistry.make("no-such-converter") == nil)
    }

    @Test("each converter converts exactly the orientations its row offers", arguments: ConverterRegistry.knownNames)
    func offeredOrientations(name: String) throws {
        let entry = try #require(ConverterRegistry.entry(named: name))
        let converter = try #require(entry.make(nil), "\(entry.unavailableReason() ?? "")")
        let source = I420Buffer.random(size: FrameSize(width: 16, height: 8), padding: 0, seed: 5)
        for orientation in Orientation.allCases {
            let target = BGRABuffer(size: orientation.orientedSize(of: source.size))
            let result = Result { () throws(ConversionError) in
                try converter.convert(source.view, to: target.view, matrix: .bt601, orientation: orientation)
            }
            if entry.orientations.contains(orientation) {
                #expect(throws: Never.self, "\(name) \(orientation)") { try result.get() }
            } else {
                #expect(throws: ConversionError.unsupported, "\(name) \(orientation)") { try result.get() }
            }
        }
    }

    @Test("each converter says it takes exactly the layouts its row offers, and converts an NV12 frame only then")
    func offeredLayouts() throws {
        let planes = I420Buffer.random(size: FrameSize(width: 16, height: 8), padding: 0, seed: 6)
        let twin = NV12Buffer(twinOf: planes.view)
        for entry in ConverterRegistry.table {
            let converter = try #require(entry.make(nil), "\(entry.unavailableReason() ?? "")")
            #expect(converter.layouts == entry.layouts, "\(entry.name)")
            let target = BGRABuffer(size: planes.size)
            let result = Result { () throws(ConversionError) in
                try converter.convert(.nv12(twin.view), to: target.view, matrix: .bt601, orientation: .upright)
            }
            if entry.layouts.contains(.nv12) {
                #expect(throws: Never.self, "\(entry.name)") { try result.get() }
            } else {
                #expect(throws: ConversionError.unsupported, "\(entry.name)") { try result.get() }
            }
        }
        withExtendedLifetime((planes, twin)) {}
    }

    @Test("peers have a tolerance for every matrix; exact converters and variants have none")
    func tolerances() {
        for entry in ConverterRegistry.table {
            for matrix in ColorMatrix.allCases {
                #expect((entry.tolerance(matrix: matrix) != nil) == entry.isPeer, "\(entry.name) \(matrix.name)")
            }
        }
        #expect(ConverterRegistry.peerNames == ["libyuv-latest", "swscale"])
        #expect(ConverterRegistry.names == ["scalar", "lut", "simd", "parallel", "libyuv"])
    }

    @Test("every exact converter but the oracle, and libyuv-latest, has paths the conformance tests check")
    func conformancePaths() {
        let held = ConverterRegistry.table.filter {
            ($0.role == .exact && $0.name != LibYUVConverter().name) || $0.name == "libyuv-latest"
        }
        for entry in held {
            #expect(!entry.conformancePaths().isEmpty, "\(entry.name)")
        }
        #expect(ConvertersUnderTest.labels.count == Set(ConvertersUnderTest.labels).count)
    }
}
