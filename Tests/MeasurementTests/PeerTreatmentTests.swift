import Conformance
import Converters
import Frames
import Measurement
import Peers
import Reports
import Streams
import TestSupport
import Testing

/// Peers with a tolerance (swscale) are compared with libyuv by their
/// deviation: reports, `verify` and the gate show it instead of failing them
/// for not being bit-exact, and fail them only beyond their tolerance.
@Suite struct PeerTreatmentTests {
    /// A converter that claims the peer's name and writes grey: far beyond
    /// any tolerance.
    struct GreyPeer: FrameConverter {
        let name = "swscale"
        func convert(_ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation) {
            for row in 0..<destination.height {
                destination.row(row).update(repeating: 128, count: destination.width * 4)
            }
        }
    }

    @Test("exact names, peer names and the default report's list")
    func registry() {
        #expect(!ConverterRegistry.names.contains("swscale"))
        #expect(!ConverterRegistry.all().contains { $0.name == "swscale" })
        #expect(ConverterRegistry.reportNames.suffix(3) == ["libyuv", "libyuv-latest", "swscale"])
        #expect(ConverterRegistry.isPeer("swscale") && !ConverterRegistry.isPeer("libyuv"))
        #expect(ConverterRegistry.tolerance(of: "simd", matrix: .bt601) == nil)
        // The report document names the oracle on its own (Reports depends on no converter): the same one.
        #expect(
            ConverterRegistry.oracleName == "libyuv" && EntryCell.referenceConverter == ConverterRegistry.oracleName)
    }

    @Test("the synthetic section: a deviation for the peer, bit-exactness for the others")
    func section() throws {
        var budget = RunBudget()
        (budget.warmupRounds, budget.minFrames, budget.maxFrames, budget.seconds) = (0, 3, 3, 0)
        let converters: [any FrameConverter] = [ScalarConverter(), LibYUVConverter(), SwscaleConverter()]
        let result = try #require(
            ConverterBench.run(
                converters: converters, cells: [SyntheticCell(size: FrameSize(width: 48, height: 32))],
                matrix: .bt601, budget: budget,
                progress: { _ in }
            ).first)
        let cells = Dictionary(result.cells.map { ($0.converter ?? "", $0) }) { first, _ in first }
        #expect(cells["scalar"]?.bitExact == true && cells["scalar"]?.deviation == nil)
        #expect(cells["libyuv"]?.bitExact == true)
        let peer = try #require(cells["swscale"])
        #expect(peer.bitExact == nil && peer.deviation.map { $0.differingBytes != 0 } == true)
        #expect(peer.ratioToLibyuv != nil)
    }

    @Test("deviations on synthetic frames, within the tolerance; a grey image far outside")
    func synthetic() throws {
        let frames = SyntheticFrames.frames(size: FrameSize(width: 176, height: 144), count: 2)
        let peer = try #require(ConverterRegistry.make("swscale"))
        let deviation = try #require(ConverterBench.deviations([peer], frames: frames, matrix: .bt601)["swscale"])
        #expect(!deviation.isExact)
        #expect(deviation.isWithin(try #require(ConverterRegistry.tolerance(of: "swscale", matrix: .bt601))))
        #expect(deviation.comparedBytes == 2 * 176 * 144 * 4)
        let grey = try #require(ConverterBench.deviations([GreyPeer()], frames: frames, matrix: .bt601)["swscale"])
        #expect(grey.maximum > 100)
    }

    @Test(
        "verify: the peer passes with its deviation, a peer beyond its tolerance fails",
        .enabled(if: !TestPaths.ownVectors.isEmpty))
    func verify() throws {
        let path = try #require(TestPaths.ownVectors.first { !$0.contains("bad-ts") })
        let peer = try #require(ConverterRegistry.make("swscale"))
        let verdict = StreamVerifier(converters: [LibYUVConverter(), peer], matrix: .bt601).verify(path)
        #expect(verdict.passed, "\(verdict.summary)")
        let deviation = try #require(verdict.deviations["swscale"])
        #expect(!deviation.isExact && verdict.deviationSummary.hasPrefix("swscale max |Δ|"))
        let failing = StreamVerifier(converters: [GreyPeer()], matrix: .bt601).verify(path)
        #expect(failing.failures.map(\.check) == ["tolerance swscale"])
    }
}
