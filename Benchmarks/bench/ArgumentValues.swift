import ArgumentParser
import ConverterChecks
import Converters
import Foundation
import Frames

extension ColorMatrix: ExpressibleByArgument {}
extension ChromaLayout: ExpressibleByArgument {}

extension Orientation: ExpressibleByArgument {
    /// The orientation called `argument` (`upright`, `rotate90`, ..., `rotate270-mirror`), else nil.
    public init?(argument: String) { self.init(name: argument) }

    /// Every orientation's name, for help texts and error messages.
    public static var allValueStrings: [String] { allCases.map(\.name) }
}

/// A comma-separated list of frame sizes on the command line (`640x480,1280x720`).
struct SizeList: ExpressibleByArgument {
    /// The sizes, in the order given.
    let sizes: [FrameSize]

    /// The sizes in `argument`; nil when any part is not `WxH` with sides 1 ... 16384.
    init?(argument: String) {
        let parts = argument.split(separator: ",").map(String.init)
        let sizes = parts.compactMap(FrameSize.init(parsing:))
        guard !parts.isEmpty, sizes.count == parts.count else { return nil }
        self.sizes = sizes
    }

    /// How a value looks, for help texts.
    static let format = "WxH[,WxH...] with sides 1...16384"
}

/// A value that can stand in a comma-separated list on the command line,
/// by its name.
protocol ListedArgument: Equatable {
    /// The value called `name`, or nil.
    init?(listed name: String)
    /// How a list of these looks, for help texts.
    static var listFormat: String { get }
}

extension Orientation: ListedArgument {
    init?(listed name: String) { self.init(name: name) }
    static var listFormat: String { "orientation[,orientation...]" }
}

extension ChromaLayout: ListedArgument {
    init?(listed name: String) { self.init(rawValue: name) }
    static var listFormat: String { "layout[,layout...] (i420, nv12)" }
}

/// A comma-separated list of values on the command line
/// (`upright,mirror,rotate90`, `i420,nv12`).
struct ArgumentList<Element: ListedArgument>: ExpressibleByArgument {
    /// The values, in the order given, each once.
    let values: [Element]

    /// The values in `argument`; nil when any part (an empty one too) is
    /// not a value's name.
    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let values = parts.compactMap(Element.init(listed:))
        guard !parts.isEmpty, values.count == parts.count else { return nil }
        self.values = values.reduce(into: []) { unique, value in
            if !unique.contains(value) { unique.append(value) }
        }
    }

    /// How a value looks, for help texts.
    static var format: String { Element.listFormat }
}

/// Orientations on the command line.
typealias OrientationList = ArgumentList<Orientation>
/// Source layouts on the command line.
typealias LayoutList = ArgumentList<ChromaLayout>

/// A converter's command-line name, one of `ConverterRegistry.knownNames`.
struct ConverterName: ExpressibleByArgument, Equatable {
    /// The name.
    let name: String

    /// `argument` when it names a converter, else nil.
    init?(argument: String) {
        guard ConverterRegistry.knownNames.contains(argument) else { return nil }
        name = argument
    }

    /// Every converter name, for help texts and error messages.
    static var allValueStrings: [String] { ConverterRegistry.knownNames }

    /// The name, as a default shows in help texts.
    var defaultValueDescription: String { name }

    /// Stops with the one-line reason when a converter in `names` is known
    /// but not available on this machine (a peer whose library is not built).
    static func requireAvailable(_ names: [String]) throws {
        for name in names {
            if let reason = ConverterRegistry.entry(named: name)?.unavailableReason() { throw ValidationError(reason) }
        }
    }
}

/// The `--converter NAME` of `call` and `present` (default `simd`), which
/// stops with the one-line reason when the converter is not available here.
struct ConverterOption: ParsableArguments {
    @Option(help: "The converter.")
    var converter = ConverterName(argument: ConverterRegistry.streamDefaultName)!

    /// The converter's name.
    var name: String { converter.name }

    func validate() throws {
        try ConverterName.requireAvailable([converter.name])
    }
}

/// The ranges of `bench`'s numeric options, each declared once and named
/// in the help text of the options that use it.
enum Limits {
    /// Threads for the parallel converter and for libvpx.
    static let threads = 1...64
    /// A file's video track, 1-based (`--track`).
    static let tracks = 1...64
    /// Measuring seconds per size.
    static let seconds = 0.0...600
    /// Seconds a whole report aims to end within.
    static let deadline = 0.0...86_400
    /// Frames per cell.
    static let frames = 1...1_000_000
    /// Warm-up rounds.
    static let warmup = 0...1000
    /// `--pace` frame rates.
    static let pace = 1.0...1000
    /// Gate baseline runs.
    static let runs = 1...50
    /// Gate tolerance (0.25 is 25 %).
    static let tolerance = 0.0...100
    /// Compare threshold (0.05 is 5 %).
    static let threshold = 0.0...10

    /// `value` when it lies in `range`, else a validation error naming `option`.
    static func check<Value: Comparable>(_ value: Value?, in range: ClosedRange<Value>, _ option: String) throws {
        guard let value else { return }
        guard range.contains(value) else {
            throw ValidationError("\(option) must be in \(range.lowerBound)...\(range.upperBound), not \(value)")
        }
    }
}

/// The `--converters LIST` option: which converters to run.
enum ConverterSelection {
    /// The converters named in the comma-separated `list`, in registry
    /// order, always including libyuv (the reference); the exact converters
    /// and the peers (`ConverterRegistry.reportNames`) when `list` is nil.
    /// `threads` goes to `parallel`. Names in `pluginNames` (the converters
    /// of loaded plug-ins) are accepted and left to the caller.
    /// - Throws: `ValidationError` for an unknown name (listing the known
    ///   ones) or an empty list.
    static func parse(_ list: String?, threads: Int? = nil, pluginNames: [String] = []) throws
        -> [any FrameConverter]
    {
        guard let list else {
            return ConverterRegistry.reportNames.compactMap { ConverterRegistry.make($0, threads: threads) }
        }
        let names = Self.names(list)!
        guard !names.isEmpty else {
            throw ValidationError(
                "--converters needs at least one of \(ConverterRegistry.knownNames.joined(separator: ", "))")
        }
        var wanted: Set<String> = [ConverterRegistry.oracleName]
        for name in names where !pluginNames.contains(name) {
            guard ConverterRegistry.knownNames.contains(name) else {
                throw ValidationError(
                    CheckRun.UnknownConverter(name: name, known: ConverterRegistry.knownNames + pluginNames).description
                )
            }
            wanted.insert(name)
        }
        try ConverterName.requireAvailable(Array(wanted))
        return ConverterRegistry.knownNames.filter(wanted.contains).compactMap {
            ConverterRegistry.make($0, threads: threads)
        }
    }

    /// The names in the comma-separated `list`, blanks trimmed and empty
    /// ones dropped (nil: no list).
    static func names(_ list: String?) -> [String]? {
        list.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }
}
