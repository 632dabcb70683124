import ChildProcesses
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct ChildProcessTests {
    /// `/bin/sh -c script`, its standard output and standard error each a pipe.
    private func shell(_ script: String) -> ChildCommand {
        var command = ChildCommand("/bin/sh", ["-c", script])
        command.standardOutput = .pipe
        command.standardError = .pipe
        return command
    }

    @Test func anExitStatusIsReported() throws {
        let result = try ChildProcess.run(shell("exit 3"))
        #expect(result.exit.termination == .exited(3))
        #expect(!result.exit.timedOut)
    }

    @Test func aSignalIsReportedByName() throws {
        let result = try ChildProcess.run(shell("kill -SEGV $$"))
        #expect(result.exit.termination == .signalled(SIGSEGV))
        #expect(ChildTermination.name(ofSignal: SIGSEGV) == "SIGSEGV")
        #expect(result.exit.termination.shellStatus == 128 + SIGSEGV)
    }

    @Test func aChildPastItsDeadlineIsKilledAsTimedOut() throws {
        let result = try ChildProcess.run(shell("sleep 60"), until: .now + .milliseconds(300))
        #expect(result.exit.termination == .signalled(SIGKILL))
        #expect(result.exit.timedOut)
    }

    @Test func aDeadlineKillsTheWholeProcessGroup() throws {
        // The grandchild holds the pipe open: only a kill of the group ends the read.
        var command = shell("sleep 60 & wait")
        command.ownProcessGroup = true
        let start = ContinuousClock.now
        let result = try ChildProcess.run(command, until: .now + .milliseconds(300))
        #expect(result.exit.timedOut)
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func aMegabyteOnEachStreamIsReadWhole() throws {
        let script = "head -c 1048576 /dev/zero; head -c 1048576 /dev/zero >&2; head -c 1048576 /dev/zero"
        let result = try ChildProcess.run(shell(script))
        #expect(result.exit.termination == .exited(0))
        #expect(result.standardOutput.count == 2 << 20)
        #expect(result.standardError.count == 1 << 20)
    }

    @Test func standardErrorCanFollowStandardOutput() throws {
        var command = shell("echo one; echo two >&2; echo three")
        command.standardError = .standardOutput
        let result = try ChildProcess.run(command)
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "one\ntwo\nthree\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func theEnvironmentAndDirectoryArePassed() throws {
        var command = shell("printf '%s %s' \"$FRAMEBENCH_TEST_VALUE\" \"$(pwd -P)\"")
        command.environment = ["FRAMEBENCH_TEST_VALUE": "seen", "PATH": "/usr/bin:/bin"]
        let directory = URL(fileURLWithPath: "/tmp").resolvingSymlinksInPath().path
        command.directory = directory
        let result = try ChildProcess.run(command)
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "seen \(directory)")
    }

    /// A program named by a path relative to this process's directory runs
    /// when the child starts in another directory (there the path names nothing).
    @Test func aRelativeProgramIsFoundFromThisDirectory() throws {
        let name = ".build/child-process-test-\(UUID().uuidString).sh"
        try "#!/bin/sh\necho found\n".write(toFile: name, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: name) }
        #expect(chmod(name, 0o755) == 0)
        var command = ChildCommand(name)
        command.standardOutput = .pipe
        command.directory = "/tmp"
        let result = try ChildProcess.run(command)
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "found\n")
    }

    @Test func standardInputIsAPipeOrNothing() throws {
        var command = shell("cat")
        command.standardInput = .pipe
        let child = try ChildProcess(command)
        #expect(child.standardInput?.write(Array("through\n".utf8)) == true)
        #expect(String(decoding: child.collect().standardOutput, as: UTF8.self) == "through\n")
        command.standardInput = .nullDevice
        #expect(try ChildProcess.run(command).standardOutput.isEmpty)
    }

    @Test func aFurtherDescriptorIsAPipe() throws {
        var command = shell("echo said >&3")
        command.outputPipes = [3]
        let child = try ChildProcess(command)
        #expect(child.wait().termination == .exited(0))
        let said = try #require(child.output(at: 3)).readAvailable(limit: 1024)
        #expect(String(decoding: said, as: UTF8.self) == "said\n")
    }

    @Test func maxResidentSetCoversWhatTheChildTouched() throws {
        // A 64 MiB string, built by doubling, so every page of it is written.
        let script = "s=x; i=0; while [ $i -lt 26 ]; do s=$s$s; i=$((i+1)); done; s=${#s}; echo $s"
        let result = try ChildProcess.run(shell(script))
        #expect(result.exit.termination == .exited(0))
        #expect(result.exit.usage.maxResidentBytes >= 50 << 20)
    }

    @Test func aStopIsSeenAndTheChildContinued() throws {
        let child = try ChildProcess(shell("kill -STOP $$; exit 5"))
        guard case .stopped(let signal) = child.nextChange() else {
            Issue.record("no stop seen")
            return
        }
        #expect(signal == SIGSTOP)
        #expect(child.cpuTime() != nil)
        child.signal(SIGCONT)
        #expect(child.wait().termination == .exited(5))
    }

    @Test func aProgramThatCannotRunIsASpawnError() {
        #expect(throws: SpawnError.self) { try ChildProcess(ChildCommand("/nonexistent/program")) }
    }
}
