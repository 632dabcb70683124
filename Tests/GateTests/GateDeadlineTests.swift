import Testing

@testable import Gate

/// The gate's processes measure every cell for `--seconds`, whichever
/// `bench` runs them.
@Suite struct GateDeadlineTests {
    @Test(
        "a bench whose report help lists --deadline gets it turned off; one without it, or without help, gets nothing")
    func noDeadline() {
        let withDeadline =
            "  --seconds <seconds>     Measuring time per size\n  --deadline <deadline>   Seconds the whole report\n"
        #expect(GateRun.noDeadline(help: withDeadline) == ["--deadline", "0"])
        #expect(GateRun.noDeadline(help: "  --seconds <seconds>     Measuring time per size\n").isEmpty)
        #expect(GateRun.noDeadline(help: nil).isEmpty)
    }
}
