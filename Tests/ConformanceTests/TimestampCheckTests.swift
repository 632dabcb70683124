import Conformance
import Containers
import Frames
import Testing

@testable import Decoding

/// The timestamp check flags backwards and duplicate shown-frame times,
/// reports gaps, and accepts invisible frames that share a pts.
@Suite struct TimestampCheckTests {
    let timebase = Timebase(numerator: 1, denominator: 30)!

    /// A stream record with packets `(pts, shown)`.
    func summary(_ packets: [(Int64, Bool)]) -> StreamSummary {
        StreamSummary(
            track: Track(
                container: "IVF", codec: .vp8, timebase: timebase, declaredSize: FrameSize(width: 16, height: 16)),
            packets: packets.enumerated().map { index, packet in
                PacketRecord(number: index + 1, offset: 32 + index * 100, pts: packet.0, shownFrames: packet.1 ? 1 : 0)
            })
    }

    func check(_ packets: [(Int64, Bool)]) -> TimestampCheck {
        TimestampCheck(summary: StreamSummaryTimes(summary(packets)))
    }

    @Test func steadyStreamHasNoIssues() {
        let result = check((0..<10).map { (Int64($0), true) })
        #expect(result.issues.isEmpty)
        #expect(result.nominalDuration == MediaDuration(value: 1, timebase: timebase))
        #expect(result.durations.allSatisfy { $0?.value == 1 })
    }

    @Test func invisibleFrameSharingPtsIsNotFlagged() {
        // Packet 3 is an alt-ref (not shown) with the pts of the shown packet 4.
        let result = check([(0, true), (1, true), (2, false), (2, true), (3, true)])
        #expect(result.issues.isEmpty)
        #expect(result.frames.map(\.packet) == [1, 2, 4, 5])
    }

    @Test func backwardsIsAViolationNamingTheFrame() throws {
        let result = check([(0, true), (1, true), (2, true), (1, true), (4, true)])
        #expect(result.violations.count == 1)
        let issue = try #require(result.violations.first)
        #expect(issue.kind == .backwards)
        #expect(issue.frame.index == 3)
        #expect(issue.frame.packet == 4)
    }

    @Test func duplicateIsAViolation() {
        let result = check([(0, true), (1, false), (1, true), (1, true), (2, true)])
        #expect(result.violations.map(\.kind) == [.duplicate])
        #expect(result.violations.first?.frame.packet == 4)
    }

    @Test func gapIsReportedButNotAViolation() {
        let result = check([(0, true), (1, true), (2, true), (6, true), (7, true)])
        #expect(result.violations.isEmpty)
        #expect(result.gaps.map(\.frame.index) == [3])
        #expect(result.durations[2]?.value == 4)
        #expect(result.durations.last??.value == 1)
    }

    @Test func mediaTimeComparesAcrossTimebases() {
        let thirtieth = Timebase(numerator: 1, denominator: 30)!
        let millis = Timebase(numerator: 1, denominator: 1000)!
        let ntsc = Timebase(numerator: 1001, denominator: 30000)!
        #expect(MediaTime(value: 30, timebase: thirtieth) == MediaTime(value: 1000, timebase: millis))
        #expect(MediaTime(value: 29, timebase: thirtieth) < MediaTime(value: 1000, timebase: millis))
        #expect(MediaTime(value: 30, timebase: ntsc) > MediaTime(value: 1000, timebase: millis))
        #expect(MediaTime(value: .max, timebase: ntsc) > MediaTime(value: .max, timebase: millis))
        #expect(Timebase(numerator: 0, denominator: 30) == nil)
    }
}
