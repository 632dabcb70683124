#if canImport(Glibc)
import Glibc
#endif
import Measurement

/// Top-level help: the subcommands and what they do.
let usage = """
    usage: bench [report options]            performance report (default)
           bench verify PATH... [options]    conformance of IVF files
           bench gate --baseline FILE ...    CI pass/fail: bit-exactness, vectors, ratios
           bench decode FILE.ivf ...         per-frame MD5s, like vpxdec --md5
           bench compare BASE.json NEW.json  two --json reports, entry by entry
           bench --help

    \(ReportCommand.usage)

    \(VerifyCommand.usage)

    \(GateCommand.usage)

    \(DecodeCommand.usage)

    \(CompareCommand.usage)

    Exit status: 0 success, 1 a check failed (compare: an entry is slower), 2 usage error or bad input
    (or the gate in a debug build).
    """

let words = CommandLine.arguments.dropFirst()
let status: Int32
do {
    switch words.first {
    case "--help", "-h", "help":
        Output.line(usage)
        status = 0
    case "decode":
        status = try DecodeCommand.run(words.dropFirst())
    case "verify":
        status = try VerifyCommand.run(words.dropFirst())
    case "gate":
        status = try GateCommand.run(words.dropFirst())
    case "compare":
        status = try CompareCommand.run(words.dropFirst())
    case let word? where !word.hasPrefix("-"):
        throw UsageError("unknown command '\(word)'")
    default:
        status = try ReportCommand.run(words[...])
    }
} catch {
    Output.error("\(error)")
    Output.raw(usage + "\n")
    status = 2
}
exit(status)
