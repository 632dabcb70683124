import Containers
import ConverterChecks
import Frames
import MyConverter

#if canImport(Glibc)
import Glibc
#endif

// Every check of FrameBench's harness on MyConverter, in this process,
// with FrameBench's own vectors for the frames check, on I420 frames and
// on their NV12 twins: one line per check, exit 1 on a failure.
var options = CheckOptions()
options.vectorFiles = CommandLine.arguments.dropFirst().map { StreamFile(path: $0) }
var outcomes: [CheckOutcome] = []
for layout in ChromaLayout.allCases {
    options.layout = layout
    for var outcome in ConverterCheck.run(MyConverter(), options: options) {
        outcome.layout = layout
        print("\(outcome.converter)  \(outcome.checkLabel)  \(outcome.verdict)")
        outcomes.append(outcome)
    }
}
let failed = outcomes.filter { $0.status == .fail }.count
print("\(outcomes.filter { $0.status == .pass }.count) passed, \(failed) failed")
exit(failed > 0 ? 1 : 0)
