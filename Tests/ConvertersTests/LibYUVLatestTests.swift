import Converters
import Foundation
import Frames
import Peers
import Testing

/// The libyuv-latest build (scripts/build-libyuv-latest) loads beside
/// Debian's libyuv without either binding to the other's functions, and
/// refuses what is not such a build. Its bytes are held to the oracle's by
/// the conformance tests (its row's `conformancePaths`).
@Suite struct LibYUVLatestTests {
    @Test("the build is there, newer than Debian's libyuv, and its converter is the table's")
    func loads() throws {
        let build = try LibYUVLatestBuild.loaded.get()
        #expect(
            build.version > LibYUVConverter.version,
            "built from \(build.version), Debian's is \(LibYUVConverter.version)")
        #expect(LibYUVLatestConverter()?.name == "libyuv-latest")
        #expect(ConverterRegistry.reportNames.contains("libyuv-latest"))
    }

    @Test("a file that is not a libyuv-latest build is refused with one line saying why")
    func refusals() throws {
        let missing = LibYUVLatestBuild.load("/nonexistent/libyuv_latest.so")
        #expect(throws: LibYUVLatestBuild.Unavailable.self) { try missing.get() }
        if case .failure(let why) = missing {
            #expect(why.description.contains("not built: no /nonexistent/libyuv_latest.so"))
            #expect(!why.description.contains("\n"))
        }
        // A shared library every process here has loaded: the C library.
        let libc = LibYUVLatestBuild.load(try #require(Self.mappedLibrary("libc.so")))
        if case .failure(let why) = libc {
            #expect(why.description.contains("is not a libyuv-latest build"))
        } else {
            Issue.record("libc loaded as a libyuv-latest build")
        }
    }

    /// The path of the first shared library mapped into this process whose
    /// file name starts with `prefix` (from /proc/self/maps, read to its end:
    /// /proc files report no size).
    static func mappedLibrary(_ prefix: String) -> String? {
        let data = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd()) ?? nil
        let maps = String(decoding: data ?? Data(), as: UTF8.self)
        return maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
            .first { $0.hasPrefix("/") && ($0.split(separator: "/").last?.hasPrefix(prefix) ?? false) }
    }
}
