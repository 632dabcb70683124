import ReportRun
import TestSupport
import Testing

/// What makes a report run fail, and the notes on files with tracks not read.
@Suite struct ReportFaultsTests {
    @Test("a stream that could not be read and a failed synthetic cell are faults; a bad-ts file and a refusal are not")
    func faults() {
        // The fixture: the clip reads cleanly, bad-ts-backwards.ivf stops with
        // an error (broken on purpose), broken.webm cannot be read; in the
        // synthetic cell plugin-x failed (status 3) and lut refused it.
        #expect(
            ReportFixture.report().faults == [
                "/v/broken.webm: not a WebM file", "synthetic 64x32: plugin-x: failed (status 3)",
            ])
    }

    @Test("a pipelined run's error is a fault after the serial ones")
    func pipelinedFaults() {
        let report = ReportFixture.report(
            synthetic: [], serial: [ReportFixture.clip()],
            pipelined: [ReportFixture.unreadable("/v/gone.ivf", mode: .pipelined)])
        #expect(report.faults == ["/v/gone.ivf: not a WebM file"])
    }

    @Test("a report whose runs all read and whose cells all passed has no fault")
    func noFaults() {
        let report = ReportFixture.report(synthetic: [], serial: [ReportFixture.clip(), ReportFixture.badTimestamps()])
        #expect(report.faults.isEmpty)
    }

    @Test("a track note is made only for a file holding other tracks, once per file")
    func trackNotes() {
        // Only the clip has other tracks (1, beside its second video track,
        // AV1, in Matroska); the IVF has none and broken.webm no track.
        #expect(
            ReportFixture.report(pipelined: [ReportFixture.clip(mode: .pipelined)]).trackNotes == [
                "/v/clip-av1.mkv: Matroska, AV1 track 2; 1 other tracks ignored"
            ])
        #expect(
            ReportFixture.report(serial: [ReportFixture.badTimestamps(), ReportFixture.unreadable()]).trackNotes == [])
    }
}
