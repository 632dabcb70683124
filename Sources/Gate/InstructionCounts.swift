import Foundation

/// What `bench count --json FILE` writes and the gate reads back: every
/// count of one build, each converter's in each cell at each level.
public struct InstructionCounts: Sendable, Equatable, Codable {
    /// The counts, in cell order within each level.
    public let counts: [InstructionCount]

    /// A document of `counts`.
    public init(counts: [InstructionCount]) {
        self.counts = counts
    }

    /// The document as JSON (keys sorted, indented).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// The document in `json`.
    /// - Throws: `DecodingError` when it is not such a document.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(Self.self, from: json)
    }
}
