import Containers
import Converters
import Foundation
import Measurement
import Presentation
import Streams
import TestSupport
import Testing

/// Real decodes and conversions of the project's vectors, delivered on a
/// manual clock: no real waiting.
@Suite struct PresentationRunTests {
    static let altref = TestPaths.ownVectorsDirectory + "/altref-invisible.ivf"
    static let resize = TestPaths.ownVectorsDirectory + "/resize-352x288-282x231.ivf"

    static func run(_ path: String, _ scenario: DeliveryScenario, _ policy: StampingPolicy) -> PresentationRun {
        PresentationRun.run(
            path: path, converter: ConverterRegistry.make("simd")!, scenario: scenario, policy: policy,
            clock: ManualClock(start: 1_000_000_000, step: 1000))
    }

    @Test("stream on the invisible-frame vector: every shown frame presented, no duplicate, regression or overlap")
    func streamAltref() {
        let run = Self.run(Self.altref, .flatOut, .stream)
        #expect(run.error == nil && run.shown == 40 && run.presented == 40)
        #expect(run.sequence.check.issues.isEmpty, "\(run.sequence.check.issues.prefix(3))")
        #expect(run.passed)
    }

    @Test("--track 2 of a two-track Matroska file presents that track's frames, and names the track")
    func secondVideoTrack() throws {
        let path = try TwoTrackFile.make()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = PresentationRun.run(
            path: path, trackNumber: 2, converter: ConverterRegistry.make("simd")!, scenario: .flatOut,
            policy: .stream, clock: ManualClock(start: 1_000_000_000, step: 1000))
        let alone = Self.run(TwoTrackFile.secondTrackSource, .flatOut, .stream)
        #expect(run.passed && alone.passed, "\(run.failure ?? "") \(alone.failure ?? "")")
        #expect(run.shown == alone.shown && run.shown > 0)
        #expect(run.track?.codec == alone.track?.codec && run.track?.otherTracks == 1)
        let missing = PresentationRun.run(
            path: path, trackNumber: 3, converter: ConverterRegistry.make("simd")!, scenario: .flatOut,
            policy: .stream, clock: ManualClock(start: 1_000_000_000, step: 1000))
        #expect(missing.error != nil && missing.track == nil && !missing.passed)
    }

    @Test("host-ms flat out: hand-offs microseconds apart share presentation times")
    func hostMillisecondsFlatOut() {
        let run = Self.run(Self.altref, .flatOut, .hostMilliseconds)
        #expect(run.sequence.check.count(.duplicate) > 0 && !run.passed)
    }

    @Test("stream across a resolution change, realtime: none flagged, none late")
    func streamResize() {
        let run = Self.run(Self.resize, .realtime, .stream)
        #expect(run.presented == 8 && run.sequence.check.issues.isEmpty && run.passed)
    }

    @Test("pause=1 under stream loses no frame; pause-drop=1 loses frames by design and still passes")
    func pauseOnVectors() {
        let pause = Self.run(Self.altref, .pause(seconds: 1), .stream)
        #expect(pause.sequence.check.lost.isEmpty && pause.passed)
        #expect(pause.sequence.check.count(.freeze) == 1)
        let drop = Self.run(Self.altref, .pauseDrop(seconds: 1), .stream)
        #expect(!drop.sequence.check.lost.isEmpty && drop.passed && drop.sequence.check.violations.isEmpty)
    }

    /// `size-176x144.ivf` (one shown frame a packet, timebase 1/30) with
    /// packet `number`'s pts replaced by `pts`, written to a temporary
    /// file; its path and the byte offset of that packet's header.
    static func vector(settingPacket number: Int, pts: Int64) throws -> (path: String, offset: Int) {
        var bytes = [UInt8](
            try Data(contentsOf: URL(fileURLWithPath: TestPaths.ownVectorsDirectory + "/size-176x144.ivf")))
        let offset = IVFBuild.packets(of: bytes)[number - 1].offset
        for byte in 0..<8 {
            bytes[offset + 4 + byte] = UInt8(truncatingIfNeeded: UInt64(bitPattern: pts) >> (8 * byte))
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pts-\(UUID().uuidString).ivf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, offset)
    }

    @Test(
        "a packet time beyond what a presentation holds ends the run before that packet, naming it",
        arguments: [Int64.max, Int64.min, 30 * 86_401] as [Int64])
    func unpresentableTime(pts: Int64) throws {
        let (path, offset) = try Self.vector(settingPacket: 4, pts: pts)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for policy in StampingPolicy.allCases {
            let run = Self.run(path, .flatOut, policy)
            #expect(run.error?.hasPrefix("packet 4 at byte \(offset): ") == true, "\(run.error ?? "no error")")
            #expect(run.presented == 3 && !run.passed)
        }
    }

    @Test("a paced delivery refuses a packet more than a minute after the one before; flat out presents it")
    func longWait() throws {
        let (path, offset) = try Self.vector(settingPacket: 3, pts: 2 + 30 * 61)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let paced = Self.run(path, .realtime, .stream)
        #expect(paced.error?.hasPrefix("packet 3 at byte \(offset): ") == true, "\(paced.error ?? "no error")")
        #expect(paced.presented == 2 && !paced.passed)
        let flatOut = Self.run(path, .flatOut, .stream)
        #expect(flatOut.error == nil && flatOut.presented == flatOut.shown && flatOut.shown > 3)
    }

    @Test("an unreadable file is an error, not a pass")
    func unreadable() {
        let run = Self.run("/no/such/file.ivf", .flatOut, .stream)
        #expect(run.error != nil && !run.passed)
    }
}
