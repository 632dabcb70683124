import Foundation
import Gate
import Testing

/// `SideBySideRun` with stand-in `bench` executables: shell scripts that
/// copy a committed report to the `--json` path they are given.
@Suite struct SideBySideRunTests {
    /// The committed report `Fixtures/NAME` of the Reports tests.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ReportsTests/Fixtures/\(name)").path
    }

    /// An executable script in `directory` called `name` that copies
    /// `report` to its last argument.
    static func bench(_ name: String, copying report: String, in directory: String) throws -> String {
        let path = directory + "/" + name
        try Data("#!/bin/sh\nfor last; do :; done\ncp '\(report)' \"$last\"\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test("a reference whose bench writes schema 1 is refused in one line naming the schema")
    func schemaOneReferenceIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("framebench-side-by-side-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let head = try Self.bench("head", copying: Self.fixture("schema2-report.json"), in: directory)
        let reference = try Self.bench("reference", copying: Self.fixture("schema1-report.json"), in: directory)
        let run = SideBySideRun(head: head, reference: reference, arguments: [], directory: directory)
        let failure = #expect(throws: SideBySideRun.ProcessFailure.self) {
            try run.run(SideBySideRun.Plan(), comparison: GateComparison(converters: ["simd"]))
        }
        #expect(failure?.isReference == true && failure?.status == 0)
        let line = failure.map { "\($0)" } ?? ""
        #expect(!line.contains("\n"))
        #expect(
            line.hasPrefix("reference bench (\(reference)) exited 0: its report ")
                && line.hasSuffix(
                    " is schema 1, which has no per-frame samples to gate on "
                        + "(a bench that writes json_schema_version 2 is needed)"),
            "\(line)")
    }
}
