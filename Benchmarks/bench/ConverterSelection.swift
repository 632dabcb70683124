import Measurement
import Foundation
import Converters

/// The `--converters` option: which converters to run.
enum ConverterSelection {
    /// The converters named in the comma-separated `list`, in registry
    /// order, always including libyuv (the reference); every converter when
    /// `list` is nil. `threads` goes to `parallel`.
    /// - Throws: `UsageError` for an unknown name.
    static func parse(_ list: String?, threads: Int? = nil) throws(UsageError) -> [any FrameConverter] {
        guard let list else { return ConverterRegistry.all(threads: threads) }
        var wanted = Set<String>([Contender.referenceLabel])
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard ConverterRegistry.knownNames.contains(name) else {
                throw UsageError("unknown converter '\(name)' (\(ConverterRegistry.knownNames.joined(separator: ", ")))")
            }
            wanted.insert(name)
        }
        return ConverterRegistry.knownNames.filter(wanted.contains).compactMap { ConverterRegistry.make($0, threads: threads) }
    }
}
