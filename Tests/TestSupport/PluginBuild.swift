#if canImport(Glibc)
import Glibc
#endif

/// The C plug-ins the tests load (the fixtures of Tests/PluginFixtures and
/// Examples/c-plugin), built with the system C compiler into a directory of
/// this test process's own, each source and set of macros once.
public enum PluginBuild {
    /// Where the libraries are built: a fresh directory under `/tmp`.
    public static let directory: String = {
        var template = Array("/tmp/framebench-plugins-XXXXXX".utf8CString)
        return mkdtemp(&template).map { String(cString: $0) } ?? "/tmp"
    }()

    /// The shared library built from `source` (a path relative to the
    /// package root) with `-I Sources/CFrameBenchPlugin` and each of
    /// `defines` as a `-D` flag (`"FAULT_CRASH"`, `"CRASH_WIDTH=282"`),
    /// built on first use; nil when the C compiler failed.
    public static func library(_ source: String, defines: [String] = []) -> String? {
        let base = String(source.split(separator: "/").last!.split(separator: ".").first!)
        let suffix = defines.map { "-" + String($0.lowercased().map { $0 == "=" ? "-" : $0 }) }.joined()
        let path = directory + "/" + base + suffix + ".so"
        if access(path, R_OK) == 0 { return path }
        // Built under a name of its own, then renamed, so concurrent tests never load a half-written file.
        let temporary = path + ".\(getpid()).\(UInt64.random(in: .min ... .max))"
        let root = TestPaths.packageRoot
        let flags = defines.map { "'-D\($0)'" }.joined(separator: " ")
        let command =
            "cc -O2 -fPIC -shared -I'\(root)/Sources/CFrameBenchPlugin' \(flags) -o '\(temporary)' '\(root)/\(source)'"
            + " && mv '\(temporary)' '\(path)'"
        return shell(command) == 0 ? path : nil
    }

    /// Runs `/bin/sh -c command`; its exit status, -1 when it could not
    /// start or was killed by a signal.
    static func shell(_ command: String) -> Int32 {
        let words: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }
}
