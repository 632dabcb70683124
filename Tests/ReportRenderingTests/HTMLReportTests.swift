import ReportRendering
import ReportRun
import Reports
import TestSupport
import Testing

/// The HTML page of a hand-made report: self-contained, a chart per section
/// with data, the tables' figures, file names escaped.
@Suite struct HTMLReportTests {
    /// How many times `part` occurs in `text`.
    static func count(_ part: String, in text: String) -> Int {
        text.components(separatedBy: part).count - 1
    }

    @Test(
        "the page is one complete document that loads nothing: no script, link, src= or url(), no http but SVG's namespace"
    )
    func selfContained() {
        let page = HTMLReport.render(ReportDocument(ReportFixture.report()))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.hasSuffix("</body></html>\n"))
        for part in ["<script", "<link", "src=", "url(", "<img", "<iframe"] {
            #expect(!page.contains(part), "\(part)")
        }
        // The SVG namespace is a name, not a resource; nothing else names a URL.
        #expect(!page.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http"))
    }

    @Test("the synthetic section has the ratio, throughput and one latency chart per cell; no data, no chart")
    func charts() {
        let page = HTMLReport.render(ReportDocument(ReportFixture.report()))
        #expect(Self.count("<svg ", in: page) == 3)
        for id in ["chart-ratio", "chart-throughput", "chart-latency-64x32"] {
            #expect(page.contains("id=\"\(id)\""), "\(id)")
        }
        let streamsOnly = HTMLReport.render(ReportDocument(ReportFixture.report(synthetic: [])))
        #expect(Self.count("<svg", in: streamsOnly) == 0)
        #expect(!streamsOnly.contains("Converters on synthetic frames"))
        #expect(streamsOnly.contains("<h2>End to end (serial, converter simd)</h2>"))
    }

    @Test("the tables hold the hand-worked figures, estimates over their intervals, failures flagged")
    func tables() {
        let page = HTMLReport.render(ReportDocument(ReportFixture.report()))
        // simd's median 700 ns and its ratio to libyuv 0.50 over [0.40, 0.70]
        // (see TextReportTests for the arithmetic).
        #expect(page.contains("<td class=\"num\">0.70</td>"))
        #expect(page.contains("<td class=\"num\">0.50<span class=\"ci\">[0.40, 0.70]</span></td>"))
        #expect(page.contains("<td class=\"num\">2.00<span class=\"ci\">[2.00, 3.00]</span></td>"))
        // The one floor row is shaded and tagged.
        #expect(Self.count("<tr class=\"floor\">", in: page) == 1)
        #expect(page.contains("<td class=\"text\">floor<span class=\"floor-tag\">limit</span></td>"))
        #expect(page.contains("<span class=\"bad\">FAILED: failed (status 3)</span>"))
        // The end-to-end table: the clip's second track, its decode median 2.00 µs.
        #expect(page.contains("<td class=\"text\">AV1, track 2</td>"))
        #expect(page.contains("<td class=\"num\">2.00</td>"))
        #expect(page.contains("<span class=\"bad\">BACKWARDS at 2</span>"))
        // The card: simd at the largest size, 0.50× libyuv.
        #expect(page.contains("simd<b>0.50× libyuv</b>"))
    }

    @Test("a file name with < & > is escaped wherever it is shown")
    func escaping() {
        let report = ReportFixture.report(
            synthetic: [], serial: [ReportFixture.stream(path: "/v/a<&>b.ivf", shown: [0, 1, 2])])
        let page = HTMLReport.render(ReportDocument(report))
        #expect(page.contains("<td class=\"text\">a&lt;&amp;&gt;b.ivf</td>"))
        #expect(!page.contains("a<&>b"))
    }

    @Test("a document read back from its JSON renders the same page")
    func readBack() throws {
        let document = ReportDocument(ReportFixture.report(pipelined: [ReportFixture.clip(mode: .pipelined)]))
        #expect(HTMLReport.render(try ReportDocument(json: try document.json())) == HTMLReport.render(document))
    }
}
