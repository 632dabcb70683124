import ArgumentParser
import Converters
import Frames
import Gate
import Plugins

/// `bench count-worker` (hidden): the process `bench count` runs under
/// Callgrind, converting the gate's cells with collection on only inside
/// each convert call (`CountedConversions`).
struct CountWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: CountRun.workerCommand, abstract: "Internal: the conversions bench count counts.",
        shouldDisplay: false)

    @Option(help: "The converter (built-in, or of a --plugin).")
    var converter: String

    @OptionGroup var plugins: PluginOptions

    func run() throws {
        var counted: (any FrameConverter)? = ConverterRegistry.make(converter, threads: 1)
        if counted == nil {
            do { counted = try PluginLoader.load(plugins.paths).first { $0.name == converter } } catch {
                Output.error(error.description)
                throw ExitCode(1)
            }
        }
        guard let counted else { throw ValidationError("count-worker: \(converter) is not a converter available here") }
        for line in CountedConversions.run([counted]) { Output.line(line) }
    }
}
