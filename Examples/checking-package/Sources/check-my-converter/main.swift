import ConverterChecks
import MyConverter

#if canImport(Glibc)
import Glibc
#endif

// Every check of FrameBench's harness on MyConverter, in this process,
// with FrameBench's own vectors for the frames check: one line per check,
// exit 1 on a failure.
var options = CheckOptions()
options.vectorFiles = CommandLine.arguments.dropFirst().map { $0 }
let outcomes = ConverterCheck.run(MyConverter(), options: options)
for outcome in outcomes {
    print("\(outcome.converter)  \(outcome.check.rawValue)  \(outcome.verdict)")
}
let failed = outcomes.filter { $0.status == .fail }.count
print("\(outcomes.filter { $0.status == .pass }.count) passed, \(failed) failed")
exit(failed > 0 ? 1 : 0)
