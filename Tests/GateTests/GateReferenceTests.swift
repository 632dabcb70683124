import Gate
import Testing

@Suite struct GateReferenceTests {
    static let id = "623484c0123456789abcdef0123456789abcdef0"

    @Test func readsTheCommitAndTheReason() throws {
        let reference = try GateReference(parsing: "\(Self.id)\nthe last commit before the change\n")
        #expect(reference.commit == Self.id)
        #expect(reference.reason == "the last commit before the change")
        #expect(try GateReference(parsing: reference.text) == reference)
    }

    @Test func refusesAShortIDOrNoReason() {
        #expect(throws: GateReference.ParseError.notACommit("623484c")) {
            try GateReference(parsing: "623484c\nwhy\n")
        }
        #expect(throws: GateReference.ParseError.noReason) { try GateReference(parsing: Self.id + "\n") }
        #expect(throws: GateReference.ParseError.notACommit("")) { try GateReference(parsing: "") }
    }
}
