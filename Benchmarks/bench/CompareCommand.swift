import ArgumentParser
import Foundation
import Reports

#if canImport(Glibc)
import Glibc
#endif

/// `bench compare BASE.json NEW.json [--threshold T] [--format F]`: two
/// reports written by `bench --json`, compared entry by entry.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Two 'bench --json' reports, compared entry by entry.",
        discussion: """
            Matches entries by name (the others are listed): both medians, NEW/BASE with its 95 % \
            interval, and 'slower' when the whole interval is above 1 + T, 'faster' when it is below \
            1/(1 + T), else 'same'. The ratio is the Hodges-Lehmann estimate over the medians of ten \
            consecutive blocks of each run's samples, its interval the Mann-Whitney one. When both entries \
            have per-round ratios to libyuv from their own run (basis ×libyuv), or a stream's per-frame \
            ratios to libvpx's decode (×decode), those are compared, which cancels a difference between \
            the machines or their load, and a verdict stands only when the entry's times agree; otherwise \
            per-frame times (basis time). References (floors, libyuv's and libvpx's own times) and \
            end-to-end stream timings are shown but never decide. An entry of a schema-1 report (written \
            before json_schema_version 2, with no samples) is compared on the two medians alone (basis \
            median): their ratio, no interval and no verdict. The first line says whether the runs \
            name the same kind of machine. Exit 1 if a deciding entry is slower; 2 when a file cannot be \
            read, is not a FrameBench JSON report, or the reports have no names in common.
            """)

    @Argument(help: "The report to compare with.")
    var base: String

    @Argument(help: "The report compared.")
    var new: String

    @Option(help: "Slowdown (or speed-up) beyond which a whole interval counts (\(Limits.threshold)).")
    var threshold = RunComparison.defaultThreshold

    @Option(help: "Output format.")
    var format: CompareFormat = .text

    func validate() throws {
        try Limits.check(threshold, in: Limits.threshold, "--threshold")
    }

    func run() throws {
        do {
            let baseRun = try Self.load(base)
            let newRun = try Self.load(new)
            let comparison: RunComparison
            do {
                comparison = try RunComparison(base: baseRun, new: newRun, threshold: threshold)
            } catch {
                throw InputError(path: "\(base) and \(new)", problem: "\(error)")
            }
            Output.line(format.render(comparison))
            if comparison.hasSlower { throw ExitCode(1) }
        } catch let error as InputError {
            Output.error("\(error)")
            throw ExitCode(UsageFailure.exitCode)
        }
    }

    /// A file that cannot be compared: `PATH: problem`.
    struct InputError: Error, CustomStringConvertible {
        /// The file (or files) at fault.
        let path: String
        /// What is wrong, as a phrase.
        let problem: String
        var description: String { "\(path): \(problem)" }
    }

    /// The report in the file at `path`.
    static func load(_ path: String) throws(InputError) -> ReportDocument {
        let data = try read(path)
        do {
            return try ReportDocument(json: data)
        } catch {
            throw InputError(path: path, problem: "\(error)")
        }
    }

    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(InputError) -> Data {
        guard let file = fopen(path, "rb") else {
            throw InputError(path: path, problem: "cannot read (\(String(cString: strerror(errno))))")
        }
        defer { fclose(file) }
        var bytes = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes.append(contentsOf: chunk[..<n]) }
            if n < chunk.count { break }
        }
        if ferror(file) != 0 {
            throw InputError(path: path, problem: "cannot read (\(String(cString: strerror(errno))))")
        }
        return bytes
    }
}
