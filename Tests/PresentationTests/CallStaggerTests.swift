import CallSimulation
import Converters
import Frames
import TestSupport
import Testing

@Suite("bench call: participants start spread over their vector's loop (CallStaggerTests)")
struct CallStaggerTests {
    static let vector = TestPaths.ownVectorsDirectory + "/size-176x144.ivf"
    /// The vector a VP8 call's 320x180 tiles loop: 30 shown frames.
    static let callVector = TestPaths.ownVectorsDirectory + "/vp8-rt-320x180.ivf"

    static func stream(_ bytes: [UInt8]) throws -> LoopingVectorStream {
        try LoopingVectorStream(bytes: bytes, converter: ConverterRegistry.make("simd")!)
    }

    @Test("skips spread a call's participants evenly over a pass, each below the pass's length")
    func spread() {
        let skips = (0..<24).map { CallStagger.skipped(participant: $0, of: 24, shownFramesPerPass: 30) }
        #expect(Set(skips).count == 24 && skips.allSatisfy { (0..<30).contains($0) })
        let crowded = (0..<60).map { CallStagger.skipped(participant: $0, of: 60, shownFramesPerPass: 30) }
        #expect((0..<30).allSatisfy { skip in crowded.filter { $0 == skip }.count == 2 })
        #expect(CallStagger.skipped(participant: 5, of: 8, shownFramesPerPass: nil) == 0)
    }

    @Test("a pass's shown frames are counted; a stream that fails in its first pass has none")
    func shownFrames() throws {
        let bytes = try CallVectors.bytes(Self.vector)
        #expect(CallStagger.shownFramesPerPass(of: try Self.stream(bytes)) == 6)
        let fifth = IVFBuild.packets(of: bytes)[4].offset
        #expect(CallStagger.shownFramesPerPass(of: try Self.stream(Array(bytes[..<(fifth + 20)]))) == nil)
    }

    @Test(
        "a real call: participant i of 3 starts 10i + 1 frames into its 30-frame vector",
        arguments: CallSchedule.allCases)
    func staggeredCall(_ schedule: CallSchedule) throws {
        let configuration = CallConfiguration(
            tiles: [CallTileRequest(count: 3, size: FrameSize(width: 320, height: 180))], fps: 30, seconds: 0.2,
            schedule: schedule, vectorDirectory: TestPaths.ownVectorsDirectory)
        let run = try CallRun.run(configuration)
        let reference = try Self.stream(CallVectors.bytes(Self.callVector))
        let times = try (0..<30).map { _ in try reference.nextFrame(convert: false) }
        #expect(run.tiles.map { $0.records.first?.mediaTime } == [times[1], times[11], times[21]])
    }
}
