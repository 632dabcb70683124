import Foundation
import Measurement

#if canImport(Glibc)
import Glibc
#endif

/// `bench compare BASE.json NEW.json [--threshold T] [--format F]`: two
/// reports written by `bench --json`, compared entry by entry.
enum CompareCommand {
    static let usage = """
        bench compare BASE.json NEW.json [--threshold T] [--format text|markdown|json]
          Compares two 'bench --json' reports entry by entry (matched by name;
          the others are listed): both medians, NEW/BASE with its 95 % interval,
          and 'slower' when the whole interval is above 1 + T, 'faster' when it
          is below 1/(1 + T), else 'same' (T default 0.05). The ratio is the
          Hodges-Lehmann estimate over all pairs of samples (the median of
          new/base over every pair), its interval the Mann-Whitney one. When
          both entries have per-round ratios to libyuv from their own run
          (basis ×libyuv) those are compared, which cancels a difference between
          the machines or their load; otherwise per-frame times (basis time).
          The first line says whether the runs name the same kind of machine.
          Exit 1 if an entry is slower; 2 when a file cannot be read, is not a
          FrameBench JSON report, or the reports have no names in common.
        """

    /// Parses, reads, compares and prints; returns the exit status.
    static func run(_ words: ArraySlice<String>) throws(UsageError) -> Int32 {
        var arguments = Arguments(words)
        let threshold = try arguments.number("--threshold", in: 0...10) ?? RunComparison.defaultThreshold
        let formatName = try arguments.value("--format") ?? CompareFormat.text.rawValue
        guard let format = CompareFormat(rawValue: formatName) else {
            throw UsageError("unknown --format '\(formatName)' (\(CompareFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let files = try arguments.finish()
        guard files.count == 2 else { throw UsageError("compare takes BASE.json and NEW.json") }
        do {
            let base = try load(files[0]), new = try load(files[1])
            let comparison: RunComparison
            do {
                comparison = try RunComparison(base: base, new: new, threshold: threshold)
            } catch {
                throw InputError(path: "\(files[0]) and \(files[1])", problem: "\(error)")
            }
            Output.line(format.render(comparison))
            return comparison.hasSlower ? 1 : 0
        } catch {
            Output.error("\(error)")
            return 2
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
    static func load(_ path: String) throws(InputError) -> BenchmarkRun {
        let data = try read(path)
        do {
            return try BenchmarkRun(json: data)
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
