import TestSupport
import Testing

/// `bench present` run as a separate process: exit statuses and lines.
@Suite("bench present command line")
struct PresentCLITests {
    static let altref = "Vectors/altref-invisible.ivf"

    @Test("host-ms flat out reports duplicates and exits 1; stream exits 0 with none")
    func exitStatuses() throws {
        let hostMS = try BenchProcess.run(["present", Self.altref, "--stamping", "host-ms", "--scenario", "flat-out"])
        #expect(hostMS.status == 1, "\(hostMS.stdout) \(hostMS.stderr)")
        #expect(hostMS.stdout.contains("FAIL: duplicate at frame"), "\(hostMS.stdout)")
        let stream = try BenchProcess.run([
            "present", Self.altref, "Vectors/resize-352x288-282x231.ivf",
            "--stamping", "stream",
        ])
        #expect(stream.status == 0, "\(stream.stdout) \(stream.stderr)")
        #expect(stream.stdout.contains("2 passed, 0 failed"))
    }

    @Test(
        "official vectors under stream, flat out: none flagged, exit 0",
        .enabled(if: !TestPaths.officialVectors.isEmpty, "no official vectors"))
    func officialStream() throws {
        let run = try BenchProcess.run(["present", TestPaths.officialVectorsDirectory, "--stamping", "stream"])
        #expect(run.status == 0, "\(run.stdout)")
    }

    @Test(
        "usage mistakes: one line on stderr, exit 2",
        arguments: [
            ["present"], ["present", "a.ivf", "--scenario", "pause=x"], ["present", "a.ivf", "--stamping", "ms"],
            ["present", "a.ivf", "--converter", "nope"], ["present", "a.ivf", "--json", "/tmp"],
        ])
    func usageErrors(_ arguments: [String]) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.isUsageError, "\(arguments): \(run.shown)")
    }

    @Test("a missing file fails the run: exit 1")
    func missingFile() throws {
        let run = try BenchProcess.run(["present", "/no/such/file.ivf"])
        #expect(run.status == 1 && run.stdout.contains("FAIL: error"), "\(run.stdout)")
    }
}
