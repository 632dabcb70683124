import Measurement
import Converters
import Frames

/// `bench verify PATH...`: conformance of IVF files, one line per file.
enum VerifyCommand {
    static let usage = """
        bench verify PATH... [--matrix NAME] [--converters LIST]
          For each IVF file (directories: their *.ivf files): decode, compare
          frame MD5s with FILE.ivf.md5 when present, check every converter is
          bit-exact with libyuv on every frame, check shown-frame timestamps
          only go forward. Prints '<file>  pass' or '<file>  FAIL: <check> at
          frame <n> (...)' (n: 0-based shown frame), then 'N passed, M failed'.
          Exit 1 if anything failed.
        """

    /// Parses the options after `verify`, verifies and prints; returns the exit status.
    static func run(_ words: ArraySlice<String>) throws(UsageError) -> Int32 {
        var arguments = Arguments(words)
        let matrix = try parseMatrix(try arguments.value("--matrix"))
        let converters = try ConverterSelection.parse(try arguments.value("--converters"))
        let paths = try arguments.finish()
        guard !paths.isEmpty else { throw UsageError("verify needs at least one PATH") }
        let files = VectorFiles.expand(paths)
        let verifier = StreamVerifier(converters: converters, matrix: matrix)
        var passed = 0, failed = 0
        let width = files.map(\.count).max() ?? 0
        for file in files {
            let verdict = verifier.verify(file)
            if verdict.passed { passed += 1 } else { failed += 1 }
            Output.line(file.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + verdict.summary)
        }
        if files.isEmpty { Output.error("no IVF files in \(paths.joined(separator: " "))") }
        Output.line("\(passed) passed, \(failed) failed")
        return failed == 0 && !files.isEmpty ? 0 : 1
    }
}
