import CFrameBenchPlugin
import Converters
import Frames
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
    func refusals() {
        let missing = LibYUVLatestBuild.load("/nonexistent/libyuv_latest.so")
        #expect(throws: LibYUVLatestBuild.Unavailable.self) { try missing.get() }
        if case .failure(let why) = missing {
            #expect(why.description.contains("not built: no /nonexistent/libyuv_latest.so"))
            #expect(!why.description.contains("\n"))
        }
        let libc = LibYUVLatestBuild.load("/lib/x86_64-linux-gnu/libc.so.6")
        if case .failure(let why) = libc {
            #expect(why.description.contains("is not a libyuv-latest build"))
        } else {
            Issue.record("libc loaded as a libyuv-latest build")
        }
    }
}
