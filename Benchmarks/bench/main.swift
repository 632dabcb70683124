#if canImport(Glibc)
import Glibc
#endif

/// Top-level help: the subcommands and what they do.
let usage = """
    usage: bench [report options]       performance report (default)
           bench decode FILE.ivf ...     per-frame MD5s, like vpxdec --md5
           bench --help

    \(DecodeCommand.usage)
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
    default:
        status = try ReportCommand.run(words[...])
    }
} catch {
    Output.error("\(error)")
    Output.raw(usage + "\n")
    status = 2
}
exit(status)
