import Converters
import Foundation
import Measurement
import Streams
import TestSupport
import Testing

/// The pipelined end-to-end pass in process, so that the thread sanitizer
/// stage of CI (`--filter Pipeline`) sees both queues and the hand-off.
@Suite struct PipelineTests {
    /// The number of lines of a `.ivf.md5` sidecar: one per shown frame.
    static func shownFrames(_ file: String) throws -> Int {
        try String(contentsOfFile: file + ".md5", encoding: .utf8).split(separator: "\n").count
    }

    @Test("both passes read the video track asked for: track 2 of a two-track file is its AV1, as that stream alone")
    func chosenTrack() throws {
        let path = try TwoTrackFile.make()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let alone = EndToEnd.run(path: TwoTrackFile.secondTrackSource, converter: SIMDConverter(), matrix: .bt601)
        let serial = EndToEnd.run(path: path, track: 2, converter: SIMDConverter(), matrix: .bt601)
        let pipelined = Pipeline.run(path: path, track: 2, converter: SIMDConverter(), matrix: .bt601)
        #expect(alone.error == nil && alone.frames > 0 && alone.codec == .av1)
        for run in [serial, pipelined] {
            #expect(run.error == nil && run.frames == alone.frames, "\(run.error ?? "")")
            #expect(run.codec == .av1 && run.track?.number == 2 && run.track?.otherTracks == 1)
        }
        let first = EndToEnd.run(path: path, converter: SIMDConverter(), matrix: .bt601)
        #expect(first.codec == .vp8 && first.track?.number == 1)
        let missing = EndToEnd.run(path: path, track: 3, converter: SIMDConverter(), matrix: .bt601)
        #expect(missing.error?.contains("no video track 3") == true && missing.frames == 0, "\(missing.error ?? "")")
    }

    @Test(
        "decoding N+1 while converting N hands every shown frame off once, in order, like the serial pass",
        arguments: ["altref-invisible.ivf", "resize-352x288-282x231.ivf", "size-640x480.ivf"])
    func inOrder(name: String) throws {
        let file = TestPaths.ownVectorsDirectory + "/" + name
        for depth in [1, Pipeline.defaultDepth] {
            let run = Pipeline.run(path: file, converter: SIMDConverter(), matrix: .bt601, depth: depth)
            #expect(run.error == nil)
            #expect(run.frames == (try Self.shownFrames(file)))
            #expect(run.inOrder && run.deliveryBackwardsAt == nil)
            #expect(run.convert?.count == run.frames && run.latency?.count == run.frames)
            let serial = EndToEnd.run(path: file, converter: SIMDConverter(), matrix: .bt601)
            #expect(serial.frames == run.frames)
            #expect(serial.timestamps.frames == run.timestamps.frames)
            #expect(run.decode?.count == serial.decode?.count)
            for pass in [run, serial] {
                // Each frame is paired with its own packet's decode, which its latency includes.
                #expect(pass.shownDecodeTimes.count == pass.frames)
                #expect(pass.latencyRatiosToDecode.count == pass.frames)
                #expect(pass.latencyRatiosToDecode.allSatisfy { $0 >= 1 })
                #expect(pass.passDecodeTimes == [pass.decodeTimes.reduce(0, +)])
                #expect(pass.passRatiosToDecode.count == 1 && pass.passRatiosToDecode[0] > 1)
            }
        }
    }

    @Test("a read error ends the pipelined pass with the error recorded")
    func missingFile() {
        let run = Pipeline.run(path: "/no/such/file.ivf", converter: SIMDConverter(), matrix: .bt601)
        #expect(run.error != nil && run.frames == 0)
    }
}
