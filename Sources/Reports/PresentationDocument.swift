import Foundation

/// The document `bench present --json` writes: the settings and each
/// file's presentation figures.
public struct PresentationDocument: Codable, Sendable, Equatable {
    /// The stamping policy's name.
    public var stamping: String
    /// The delivery scenario.
    public var scenario: String
    /// The scenario's random seed.
    public var seed: UInt64
    /// The converter used.
    public var converter: String
    /// The layout frames were converted from (`i420`, `nv12`).
    public var layout: String
    /// One entry per file, in argument order.
    public var files: [PresentationFigures]

    /// A document with these settings and figures.
    public init(
        stamping: String, scenario: String, seed: UInt64, converter: String, layout: String = "i420",
        files: [PresentationFigures]
    ) {
        self.stamping = stamping
        self.layout = layout
        self.scenario = scenario
        self.seed = seed
        self.converter = converter
        self.files = files
    }

    /// Pretty-printed JSON with sorted keys.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
