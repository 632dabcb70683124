import Converters
import Foundation
import Peers
import Reports

extension ReportContext.PeerBuild {
    /// Debian's libyuv (the oracle) and libyuv-latest as this process has
    /// them; `measured` names the converters the run measures.
    public static func libyuvBuilds(measured: Set<String>) -> [ReportContext.PeerBuild] {
        let debian = ReportContext.PeerBuild(
            converter: LibYUVConverter().name, version: LibYUVConverter.version,
            build: "Debian's libyuv-dev package, built with GCC (the oracle)",
            measured: measured.contains(LibYUVConverter().name))
        let latest: ReportContext.PeerBuild
        switch LibYUVLatestBuild.loaded {
        case .success(let build):
            latest = ReportContext.PeerBuild(
                converter: LibYUVLatestConverter.entry.name, version: build.version,
                build: "built from source with \(compilerName(build.compiler)) at \(build.path)",
                measured: measured.contains(LibYUVLatestConverter.entry.name))
        case .failure(let why):
            latest = ReportContext.PeerBuild(
                converter: LibYUVLatestConverter.entry.name, version: nil, build: why.description, measured: false)
        }
        return [debian, latest]
    }

    /// `compiler` up to its first parenthesis (`Clang 21.0.0` of `Clang
    /// 21.0.0 (https://… hash)`), its blanks trimmed.
    private static func compilerName(_ compiler: String) -> String {
        String(compiler.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
    }
}
