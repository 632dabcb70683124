import Foundation
import TestSupport
import Testing

/// Without its build, the libyuv-latest peer is left out with one line
/// saying why; asked for by name, it stops the command with that line.
@Suite("libyuv-latest on the command line")
struct LibYUVLatestCLITests {
    static let missing = ["FRAMEBENCH_LIBYUV_LATEST": "/nonexistent/libyuv_latest.so"]
    static let reason =
        "libyuv-latest: not built: no /nonexistent/libyuv_latest.so (scripts/build-libyuv-latest builds it)"
    static let tiny = [
        "--only-sizes", "16x8", "--seconds", "0", "--min-frames", "1", "--max-frames", "2", "--warmup", "0",
        "--no-vectors", "--no-presentation", "--quiet",
    ]

    @Test("the report names both builds, or says in one line that libyuv-latest is missing and goes on")
    func report() throws {
        let built = try BenchProcess.run(Self.tiny)
        #expect(built.status == 0)
        let debian = try #require(Self.installedLibYUVVersion(), "no LIBYUV_VERSION in /usr/include/libyuv/version.h")
        #expect(built.stdout.contains("peer libyuv \(debian): Debian's libyuv-dev package"), "\(built.stdout)")
        let latest = built.stdout.split(separator: "\n").first { $0.hasPrefix("peer libyuv-latest ") }
        #expect(latest?.contains(": built from source with ") == true, "\(built.stdout)")
        #expect(Self.tableRows(built.stdout).count == 1, "\(built.stdout)")
        let missing = try BenchProcess.run(Self.tiny, environment: Self.missing)
        #expect(missing.status == 0)
        let lines = missing.stdout.split(separator: "\n").filter { $0.hasPrefix("peer libyuv-latest") }
        #expect(lines == ["peer \(Self.reason); measured without it"], "\(missing.stdout)")
        #expect(Self.tableRows(missing.stdout).isEmpty)
    }

    /// The synthetic table's rows of libyuv-latest in `report`.
    static func tableRows(_ report: String) -> [Substring] {
        report.split(separator: "\n").filter {
            $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).contains("libyuv-latest")
                && $0.first == " "
        }
    }

    @Test(
        "asked for by name without its build: the reason on stderr, exit 2",
        arguments: [["check", "--converter", "libyuv-latest"], ["--converters", "libyuv-latest"]])
    func namedWithoutBuild(arguments: [String]) throws {
        let run = try BenchProcess.run(arguments, environment: Self.missing)
        #expect(run.status == 2)
        #expect(run.stderr.contains(Self.reason), "\(run.stderr)")
    }

    /// `LIBYUV_VERSION` of the installed libyuv headers (Debian's package).
    static func installedLibYUVVersion() -> Int? {
        let header = (try? String(contentsOfFile: "/usr/include/libyuv/version.h", encoding: .utf8)) ?? ""
        return header.split(separator: "\n").first { $0.hasPrefix("#define LIBYUV_VERSION ") }
            .flatMap { Int($0.split(separator: " ").last ?? "") }
    }
}
