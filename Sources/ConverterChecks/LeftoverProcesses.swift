import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Processes that plug-in code started and left running (a `convert` that
/// forks, detaches with `setsid` or forks twice), found by a token in their
/// environment: a child process gets `variable=TOKEN`, and every process
/// descended from it inherits the entry, wherever it was re-parented.
public enum LeftoverProcesses {
    /// The environment variable that carries a token.
    public static let variable = "FRAMEBENCH_CHILD_TOKEN"

    /// A token no other child of this process has had.
    public static func newToken() -> String {
        "\(getpid())-\(counter.wrappingAdd(1, ordering: .relaxed).newValue)"
    }

    /// Kills every process but this one whose environment holds `token`
    /// (read from `/proc/PID/environ`; a process that cleared its
    /// environment escapes); returns how many it found.
    public static func kill(carrying token: String) -> Int {
        let entry = Array("\(variable)=\(token)".utf8)
        var found = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), pid != getpid(),
                let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ"),
                environment.split(separator: 0).contains(where: { $0.elementsEqual(entry) })
            else { continue }
            Glibc.kill(pid, SIGKILL)
            found += 1
        }
        return found
    }

    private static let counter = Atomic<Int>(0)
}
