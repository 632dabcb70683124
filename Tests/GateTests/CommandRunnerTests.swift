import Foundation
import Gate
import Testing

@Suite struct CommandRunnerTests {
    @Test func aProcessPastItsTimeoutIsKilled() throws {
        let sleep = try #require(CommandRunner.find("sleep"))
        let start = Date()
        let result = try CommandRunner.run(sleep, ["30"], timeout: 0.5)
        #expect(result.status == 128 + 9)
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func theLastErrorLineIsTheLastLineNamingAnError() throws {
        let shell = try #require(CommandRunner.find("sh"))
        let result = try CommandRunner.run(
            shell, ["-c", "echo 'a: error: first'; echo 'b: error: last'; echo done; exit 3"])
        #expect(result.status == 3)
        #expect(result.lastErrorLine == "b: error: last")
    }
}
