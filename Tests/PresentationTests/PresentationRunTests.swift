import Converters
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

    @Test("an unreadable file is an error, not a pass")
    func unreadable() {
        let run = Self.run("/no/such/file.ivf", .flatOut, .stream)
        #expect(run.error != nil && !run.passed)
    }
}
