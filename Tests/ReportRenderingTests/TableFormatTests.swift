import Reports
import Testing

@testable import ReportRendering

/// The aligned text table and the number formats every renderer shares.
@Suite struct TableFormatTests {
    @Test(
        "a table pads each column to its widest cell, numbers right and text left, two spaces apart, no trailing blanks"
    )
    func alignment() {
        var table = Table([("name", false), ("n", true)])
        table.add(["a", "1"])
        table.add(["long", "100"])
        table.add(["x"])
        table.add(["y", "2", "dropped"])
        // Widths: name 4 (name, long), n 3 (100). The row missing its number
        // ends after its padded name's trailing blanks are cut.
        #expect(
            table.render() == [
                "name    n",
                "a       1",
                "long  100",
                "x",
                "y       2",
            ])
    }

    @Test("a table with no rows is its header")
    func headerOnly() {
        #expect(Table([("file", false), ("frames", true)]).render() == ["file  frames"])
    }

    @Test("micros shows nanoseconds as µs: two decimals below 10, one below 100, none above")
    func micros() {
        #expect(Format.micros(nil) == "-")
        #expect(Format.micros(700) == "0.70")
        #expect(Format.micros(9_994) == "9.99")
        #expect(Format.micros(10_000) == "10.0")
        #expect(Format.micros(12_345) == "12.3")
        #expect(Format.micros(99_940) == "99.9")
        #expect(Format.micros(100_000) == "100")
        #expect(Format.micros(1_234_567) == "1235")
    }

    @Test("fixed rounds to the digits asked for and shows - for nil, NaN and infinity")
    func fixed() {
        #expect(Format.fixed(1.006, 2) == "1.01")
        #expect(Format.fixed(2.449, 1) == "2.4")
        #expect(Format.fixed(0.96, 1) == "1.0")
        #expect(Format.fixed(1234.5678, 0) == "1235")
        #expect(Format.fixed(3, 2) == "3.00")
        #expect(Format.fixed(nil, 2) == "-")
        #expect(Format.fixed(.nan, 1) == "-")
        #expect(Format.fixed(.infinity, 0) == "-")
    }

    @Test("microseconds shows µs as they are: two decimals below 10, one below 100, none above")
    func microseconds() {
        #expect(Format.microseconds(nil) == "-")
        #expect(Format.microseconds(0.7) == "0.70")
        #expect(Format.microseconds(12.345) == "12.3")
        #expect(Format.microseconds(1234.567) == "1235")
    }

    @Test("ratios and estimates have two decimals, the estimate's interval in brackets")
    func ratios() throws {
        #expect(Format.ratio(0.954) == "0.95")
        #expect(Format.ratio(nil as Double?) == "-")
        let estimate = try #require(EntryRatio(1.0, [0.9, 1.1]))
        #expect(Format.estimate(estimate) == "1.00 [0.90,1.10]")
        #expect(Format.ratio(estimate) == "1.00")
        #expect(Format.estimate(nil) == "-")
        // An entry's ratio without its interval (or with a malformed one) is no estimate.
        #expect(EntryRatio(1.0, nil) == nil)
        #expect(EntryRatio(1.0, [0.9]) == nil)
    }

    @Test("pacing names the idle gap in ms, and nothing for back-to-back runs")
    func pacing() {
        #expect(Format.pacing(idleGapMilliseconds: nil) == nil)
        #expect(Format.pacing(idleGapMilliseconds: 0) == nil)
        // 1/60 s = 16.67 ms, one decimal.
        #expect(Format.pacing(idleGapMilliseconds: 1000.0 / 60) == "16.7 ms idle before each synthetic conversion")
    }
}
