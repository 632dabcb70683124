import ArgumentParser
import Converters
import Gate
import Plugins

/// `bench count-worker` (hidden): the process `bench count` runs under
/// Callgrind, converting the gate's cells with collection on only inside
/// each convert call (`CountedConversions`).
struct CountWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: CountRun.workerCommand, abstract: "Internal: the conversions bench count counts.",
        shouldDisplay: false)

    @Option(help: "The built-in converters (comma-separated).")
    var converters: String?

    @OptionGroup var plugins: PluginOptions

    func run() throws {
        var counted: [any FrameConverter] = []
        for name in ConverterSelection.names(converters) ?? [] {
            guard let converter = ConverterRegistry.make(name, threads: 1) else {
                throw ValidationError("count-worker: \(name) is not a converter available here")
            }
            counted.append(converter)
        }
        do { counted += try PluginLoader.load(plugins.paths) } catch {
            Output.error(error.description)
            throw ExitCode(1)
        }
        for line in CountedConversions.run(counted) { Output.line(line) }
    }
}
