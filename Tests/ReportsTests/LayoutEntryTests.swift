import Foundation
import Reports
import Testing

/// NV12 entries as issue 26 names them, and the `layout` field of the JSON.
@Suite struct LayoutEntryTests {
    @Test(
        "names from issue 26 read into a cell with its layout and write back unchanged",
        arguments: [
            ("convert/simd/1920x1080/nv12", "simd", "1920x1080", "nv12", nil),
            ("convert/simd/1280x720/nv12/rotate90", "simd", "1280x720", "nv12", "rotate90"),
            ("convert/floor/640x480/nv12/mirror", "floor", "640x480", "nv12", "mirror"),
            ("convert/simd/1280x720/rotate90", "simd", "1280x720", nil, "rotate90"),
            ("convert/simd/1920x1080", "simd", "1920x1080", nil, nil),
        ] as [(String, String, String, String?, String?)])
    func names(text: String, converter: String, size: String, layout: String?, orientation: String?) {
        let name = EntryName(parsing: text)
        #expect(name == .convert(converter: converter, size: size, layout: layout, orientation: orientation))
        #expect(name.description == text)
    }

    @Test("I420 cells are never named with their layout; five parts without a layout are no cell")
    func i420Unnamed() {
        #expect(
            EntryName.convert(converter: "simd", size: "64x48", orientation: nil).description == "convert/simd/64x48")
        #expect(
            EntryName.convert(converter: "simd", size: "64x48", orientation: "mirror").description
                == "convert/simd/64x48/mirror")
        #expect(EntryName(parsing: "convert/simd/64x48/mirror/nv12") == .other("convert/simd/64x48/mirror/nv12"))
        #expect(EntryName(parsing: "convert/libyuv/64x48/nv12").isReference)
    }

    @Test("a cell names its layout unless I420, and sorts I420 first at a size")
    func cells() {
        let i420 = EntryCell(converter: "simd", width: 1280, height: 720, orientation: "rotate90")
        let nv12 = EntryCell(converter: "simd", width: 1280, height: 720, orientation: "rotate90", layout: "nv12")
        #expect(i420.description == "simd at 1280x720 rotate90")
        #expect(nv12.description == "simd at 1280x720 nv12 rotate90")
        #expect(EntryCell(converter: "simd", width: 1280, height: 720).layout == "i420")
        let upright = EntryCell(converter: "simd", width: 1280, height: 720)
        let uprightNV12 = EntryCell(converter: "simd", width: 1280, height: 720, layout: "nv12")
        #expect([uprightNV12, nv12, i420, upright].sorted() == [upright, i420, uprightNV12, nv12])
        #expect(i420 != nv12)
    }

    @Test("an entry's layout and a left-out cell's layout are written, read back and reach the run's cells")
    func json() throws {
        var entry = ReportEntry(name: "convert/simd/1280x720/nv12/rotate90", samples: [1.5, 2.5])
        entry.converter = "simd"
        (entry.width, entry.height) = (1280, 720)
        entry.orientation = "rotate90"
        entry.layout = "nv12"
        entry.cpuTime = 2
        (entry.ratioToI420, entry.ratioToI420Interval) = (1.25, [1.125, 1.5])
        let cell = EntryCell(converter: "swscale", width: 1280, height: 720, orientation: "rotate90", layout: "nv12")
        let missing = NotMeasuredCell(name: "convert/swscale/1280x720/nv12/rotate90", cell: cell, reason: "unsupported")
        let document = ReportDocument(context: ReportContext(), benchmarks: [entry], notMeasured: [missing])
        let text = String(decoding: try document.json(), as: UTF8.self)
        #expect(text.contains(#""layout" : "nv12""#))
        #expect(text.contains(#""ratio_to_i420" : 1.25"#) && text.contains(#""ratio_to_i420_ci" : ["#))
        #expect(try ReportDocument(json: try document.json()) == document)
        let run = try ReportDocument(json: try document.json())
        #expect(
            run.benchmarks[0].cell
                == EntryCell(converter: "simd", width: 1280, height: 720, orientation: "rotate90", layout: "nv12"))
        #expect(run.notMeasuredReasons == [cell: "unsupported"])
    }

    @Test("an entry and a left-out cell without a layout (reports before layouts) read as I420")
    func withoutLayout() throws {
        let text = """
            {"json_schema_version": 2, "benchmarks": [{"name": "convert/simd/64x48", "samples_us": [1],
             "converter": "simd", "width": 64, "height": 48}],
             "not_measured": [{"name": "convert/swscale/64x48/mirror", "converter": "swscale", "width": 64,
             "height": 48, "orientation": "mirror", "reason": "unsupported"}]}
            """
        let run = try ReportDocument(json: Data(text.utf8))
        #expect(run.benchmarks[0].cell?.layout == "i420")
        #expect(run.notMeasuredReasons.keys.map(\.layout) == ["i420"])
        #expect(try ReportDocument(json: Data(text.utf8)).benchmarks[0].layout == nil)
    }
}
