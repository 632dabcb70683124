import Foundation
import TestSupport
import Testing

/// `bench check` and `--plugin`, run as a user would, on faulty plug-ins
/// built from Tests/PluginFixtures/faulty_plugin.c (one fault each, ABI
/// version 1 unless `ABI_2` is defined) and on the C example: each fault
/// is refused or failed with a line naming it, bench exits 1, and never
/// dies by a signal.
@Suite("plug-ins and bench check")
struct PluginCLITests {
    /// Path of the fixture with `fault` and the extra `defines` (built on
    /// first use); nil when the C compiler failed.
    static func fixture(_ fault: String, defines: [String] = []) -> String? {
        PluginBuild.library("Tests/PluginFixtures/faulty_plugin.c", defines: ["FAULT_" + fault] + defines)
    }

    /// The C example plug-in.
    static var examplePlugin: String? { PluginBuild.library("Examples/c-plugin/scalar_plugin.c") }

    /// Runs `bench check` with `plugin` loaded on BT.601 upright only (one
    /// case a check), with the other `arguments`.
    static func checkUpright(_ plugin: String, _ arguments: [String]) throws -> BenchProcess.Run {
        try BenchProcess.run(
            ["check", "--plugin", plugin, "--matrix", "bt601", "--orientation", "upright"] + arguments)
    }

    /// The arguments of a report with `plugin` loaded that is as short as
    /// one can be: cells of `size` only, two frames each, no warm-up, no
    /// vectors, no progress line.
    static func shortReport(plugin: String, size: String) -> [String] {
        [
            "--plugin", plugin, "--only-sizes", size, "--seconds", "0", "--min-frames", "2", "--max-frames", "2",
            "--warmup", "0", "--no-vectors", "--quiet",
        ]
    }

    /// A check of one fault: the options narrowing `bench check` to the
    /// case that shows it, and what its line must say.
    struct Fault: Sendable, CustomTestStringConvertible {
        let fault: String
        let arguments: [String]
        let expected: [String]
        var testDescription: String { fault }
    }

    @Test(
        "each faulty converter fails its check with a line naming the fault; exit 1, no signal",
        arguments: [
            Fault(
                fault: "WRONG_TRIPLE", arguments: ["--check", "exhaustive", "--matrix", "bt601"],
                expected: ["exhaustive  FAIL: (16, 128, 128) bt601 G: got 1, want 0; 1 of 16777216 triples wrong"]),
            Fault(
                fault: "WRONG_MATRIX", arguments: ["--check", "exhaustive", "--matrix", "bt601", "--matrix", "bt709"],
                expected: ["exhaustive  FAIL: (", ") bt709 "]),
            // y = u = v = 0: y1 = −1160, B = (−1160 − 128 × 128) >> 6 = −275,
            // which wraps to 237 where libyuv clamps to 0 (docs/arithmetic.md).
            Fault(
                fault: "WRAPS", arguments: ["--check", "exhaustive", "--matrix", "bt601"],
                expected: ["exhaustive  FAIL: (0, 0, 0) bt601 B: got 237, want 0"]),
            Fault(
                fault: "WRONG_ALPHA", arguments: ["--check", "sizes", "--matrix", "bt601", "--orientation", "upright"],
                expected: ["sizes  FAIL: at 1x1 upright bt601 pixel (0, 0) A: got 254, want 255"]),
            Fault(
                fault: "OVERREAD_CHROMA", arguments: ["--check", "over-read", "--orientation", "upright"],
                expected: ["over-read  FAIL: read past the end of plane u at 1x1 upright (SIGSEGV)"]),
            Fault(
                fault: "WRITES_PAST_END", arguments: ["--check", "over-read", "--orientation", "upright"],
                expected: ["over-read  FAIL: wrote past the end of its destination at 1x1 upright (SIGSEGV)"]),
            Fault(
                fault: "PADDING_WRITE",
                arguments: ["--check", "sizes", "--matrix", "bt601", "--orientation", "upright"],
                expected: ["sizes  FAIL: wrote into row padding at 1x1 upright bt601: row 0 byte 4"]),
            Fault(
                fault: "CRASH", arguments: ["--check", "sizes", "--matrix", "bt601", "--orientation", "upright"],
                expected: ["sizes  FAIL: crashed (SIGSEGV) at 37x1 upright bt601"]),
            Fault(
                fault: "HANG",
                arguments: ["--check", "sizes", "--matrix", "bt601", "--orientation", "upright", "--time-limit", "1"],
                expected: ["sizes  FAIL: timed out at 41x1 upright bt601"]),
            Fault(
                fault: "WRITES_SOURCE",
                arguments: ["--check", "sizes", "--matrix", "bt601", "--orientation", "upright"],
                expected: ["sizes  FAIL: wrote into its source plane y at 1x1 upright bt601"]),
            Fault(
                fault: "LEAVES_PROCESS",
                arguments: ["--check", "sizes", "--matrix", "bt601", "--orientation", "upright"],
                expected: ["sizes  FAIL: left 1 process running after its worker ended (killed) at "]),
            Fault(
                fault: "WRITES_NOTHING", arguments: ["--check", "speed"],
                expected: ["speed  FAIL: at 640x480 upright bt601, frame 0 pixel (0, 0) B: got 0, want "]),
            Fault(
                fault: "CLOSES_PIPE",
                arguments: ["--check", "sizes", "--matrix", "bt601", "--orientation", "upright", "--time-limit", "1"],
                expected: ["sizes  FAIL: timed out at 1x1 upright bt601 (no progress for 1 s)"]),
            // Forgeries: lines a plug-in writes on the worker's protocol are refused, never believed.
            Fault(
                fault: "FORGE_ON_LOAD",
                arguments: ["--check", "sizes", "--matrix", "bt601", "--orientation", "upright"],
                expected: [
                    "sizes  FAIL: sent a verdict ('outcome pass forged'): a check worker sends evidence only at 1x1 upright bt601"
                ]),
            Fault(
                fault: "FORGE_AND_EXIT", arguments: ["--check", "exhaustive", "--matrix", "bt601"],
                expected: [
                    "exhaustive  FAIL: sent a verdict ('outcome pass forged'): a check worker sends evidence only at 512x128 upright bt601 u=0"
                ]),
            Fault(
                fault: "FORGE_EVIDENCE",
                arguments: ["--check", "threads", "--matrix", "bt601", "--orientation", "upright"],
                expected: [
                    "threads  FAIL: sent 'digests 0000000000000000' where the evidence of a case was due at 320x240 upright bt601, one thread"
                ]),
            Fault(
                fault: "REPLAYS", arguments: ["--check", "frames", "--matrix", "bt601", "--orientation", "upright"],
                expected: [
                    "frames  FAIL: at 96x64 upright bt601, altref-invisible.ivf frame 1 pixel (",
                    "its output at 96x64 upright bt601, altref-invisible.ivf frame 1 repeats its output at 96x64 upright bt601, altref-invisible.ivf frame 0",
                ]),
            Fault(
                fault: "CLOSE_CHROMA",
                arguments: ["--check", "sizes", "--matrix", "bt601", "--orientation", "upright"],
                expected: ["sizes  FAIL: at ", " B: got "]),
        ])
    func faultyConverter(_ fault: Fault) throws {
        let plugin = try #require(Self.fixture(fault.fault), "cannot build the \(fault.fault) fixture with cc")
        let run = try BenchProcess.run(["check", "--plugin", plugin, "--converter", "faulty"] + fault.arguments)
        #expect(run.status == 1, "exit \(run.status) (-1: killed by a signal); stderr: \(run.stderr)")
        for text in fault.expected {
            #expect(run.stdout.contains(text), "\(fault.fault): no '\(text)' in:\n\(run.stdout)")
        }
        #expect(run.lines.contains("0 passed, 1 failed"), "\(run.stdout)")
    }

    @Test(
        "a plug-in loaded beside another that writes a pass for it (a verdict line from its constructor) makes the other's check fail, naming the line"
    )
    func forgeryForAnother() throws {
        let forger = try #require(Self.fixture("FORGE_ON_LOAD", defines: ["NAME=\"forger\""]))
        let faulty = try #require(Self.fixture("WRONG_ALPHA"))
        let run = try BenchProcess.run([
            "check", "--plugin", forger, "--plugin", faulty, "--converter", "faulty", "--check", "sizes", "--matrix",
            "bt601", "--orientation", "upright",
        ])
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(
            run.lines.contains(
                "faulty  sizes  FAIL: sent a verdict ('outcome pass forged'): a check worker sends evidence only at 1x1 upright bt601"
            ), "\(run.stdout)")
    }

    @Test(
        "--layout nv12: a version 2 over-read of the interleaved plane is named as plane uv; a version 2 plug-in without NV12 is skipped in NV12, not failed"
    )
    func nv12Checks() throws {
        let overRead = try #require(Self.fixture("OVERREAD_CHROMA", defines: ["ABI_2"]))
        let read = try BenchProcess.run([
            "check", "--plugin", overRead, "--converter", "faulty", "--check", "over-read", "--orientation", "upright",
            "--layout", "i420,nv12",
        ])
        #expect(read.status == 1)
        #expect(
            read.lines.contains("faulty  over-read       FAIL: read past the end of plane u at 1x1 upright (SIGSEGV)"))
        #expect(
            read.lines.contains("faulty  over-read nv12  FAIL: read past the end of plane uv at 1x1 upright (SIGSEGV)"))
        let plugin = try #require(
            PluginBuild.library("Tests/PluginFixtures/faulty_plugin.c", defines: ["ABI_2", "NO_NV12"]))
        let run = try Self.checkUpright(plugin, ["--converter", "faulty", "--check", "sizes", "--layout", "nv12"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.lines.first == "faulty  sizes nv12  skipped: unsupported upright with bt601", "\(run.stdout)")
    }

    @Test("a plug-in that raises SIGSEGV while loading is named as crashing while loading: one line, exit 1")
    func raisedSignalWhileLoading() throws {
        let plugin = try #require(Self.fixture("RAISE_ON_LOAD"), "cannot build the RAISE_ON_LOAD fixture with cc")
        let run = try BenchProcess.run(["check", "--plugin", plugin, "--converter", "faulty", "--converter", "lut"])
        #expect(run.status == 1, "exit \(run.status) (-1: killed by a signal); stderr: \(run.stderr)")
        let faulty = run.lines.filter { $0.hasPrefix("faulty ") }
        #expect(faulty.count == 6, "\(run.stdout)")
        #expect(faulty.allSatisfy { $0.contains("FAIL: crashed (SIGSEGV) while loading (plug-in \(plugin))") })
        #expect(run.lines.contains("6 passed, 6 failed"), "\(run.stdout)")
        // Naming only a built-in still reports the plug-in it was given, under the plug-in's file name.
        let other = try Self.checkUpright(plugin, ["--converter", "lut", "--check", "sizes"])
        let name = String(plugin.split(separator: "/").last!)
        #expect(other.status == 1, "exit \(other.status): \(other.stderr)")
        #expect(
            other.lines.contains { $0.hasPrefix(name + " ") && $0.contains("FAIL: crashed (SIGSEGV) while loading") })
        #expect(other.lines.contains("1 passed, 1 failed"), "\(other.stdout)")
    }

    @Test("a plug-in that hangs while loading fails every case of its converters, and the others are checked")
    func hangWhileLoading() throws {
        let plugin = try #require(Self.fixture("HANG_ON_LOAD"), "cannot build the HANG_ON_LOAD fixture with cc")
        let run = try Self.checkUpright(plugin, ["--check", "sizes", "--check", "over-read", "--time-limit", "1"])
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        let name = String(plugin.split(separator: "/").last!)
        let hung = run.lines.filter { $0.hasPrefix(name + " ") }
        #expect(hung.count == 2 && hung.allSatisfy { $0.contains("FAIL: timed out while loading") }, "\(run.stdout)")
        #expect(run.lines.contains("10 passed, 2 failed"), "\(run.stdout)")
    }

    @Test("a crashing converter does not stop the others: the next converter is still checked")
    func crashThenOthers() throws {
        let plugin = try #require(Self.fixture("CRASH"))
        let run = try Self.checkUpright(plugin, ["--converter", "faulty", "--converter", "lut", "--check", "sizes"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("lut     sizes  pass"), "\(run.stdout)")
        #expect(run.lines.contains("1 passed, 1 failed"), "\(run.stdout)")
    }

    @Test("--tolerance passes a converter at most that far off and gives the deviation")
    func tolerance() throws {
        let plugin = try #require(Self.fixture("CLOSE_CHROMA"))
        let run = try Self.checkUpright(
            plugin, ["--converter", "faulty", "--check", "sizes", "--check", "exhaustive", "--tolerance", "1"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("sizes       pass: within ±1: max |Δ| 1, "), "\(run.stdout)")
        #expect(run.stdout.contains("% of bytes differ, PSNR "), "\(run.stdout)")
    }

    @Test(
        "a plug-in that breaks the ABI is refused before anything runs: one line naming the file and the fault, exit 1",
        arguments: [
            ("ABI_VERSION", "abi_version is 2, but framebench_plugin_v1 must return ABI 1"),
            ("ILLEGAL_NAME", "converter 0 has an illegal name 'Bad_Name'"),
            ("TAKEN_NAME", "converter name 'scalar' is already taken by a built-in converter"),
            ("NO_SYMBOL", "no symbol framebench_plugin_v2 or framebench_plugin_v1"), ("EMPTY_TABLE", "no converters"),
            ("HUGE_COUNT", "converter_count is 4000000000, more than the 1024 a plug-in may offer"),
            ("DUPLICATE", "converter name 'faulty' is already taken by an earlier converter of the same plug-in"),
        ])
    func refused(_ fault: String, _ reason: String) throws {
        try Self.expectRefused(try #require(Self.fixture(fault)), reason)
    }

    @Test(
        "a version 2 plug-in is refused as a version 1 plug-in is: a table claiming ABI 1, an empty table",
        arguments: [
            ("ABI_VERSION", "abi_version is 1, but framebench_plugin_v2 must return ABI 2"),
            ("EMPTY_TABLE", "no converters"),
        ])
    func refusedVersion2(_ fault: String, _ reason: String) throws {
        try Self.expectRefused(try #require(Self.fixture(fault, defines: ["ABI_2"])), reason)
    }

    /// Expects `check`, `verify` and `decode` with `--plugin plugin` to
    /// refuse it with one line ending in `reason`, exit 1, and run nothing.
    static func expectRefused(_ plugin: String, _ reason: String) throws {
        for command in [["check"], ["verify", "Vectors/size-2x2.ivf"], ["decode", "Vectors/size-2x2.ivf"]] {
            let run = try BenchProcess.run(command + ["--plugin", plugin])
            #expect(run.status == 1, "\(command) exit \(run.status)")
            #expect(run.stderr.hasPrefix("bench: plug-in \(plugin): \(reason)"), "\(command): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(run.stdout.isEmpty, "\(command) ran: \(run.stdout)")
        }
    }

    @Test("a missing file, a file that is not a shared library, one plug-in given twice: refused, one line, exit 1")
    func refusedFiles() throws {
        let text = PluginBuild.directory + "/not-a-library.so"
        try "not ELF\n".write(toFile: text, atomically: true, encoding: .utf8)
        let plugin = try #require(Self.fixture("WRONG_ALPHA"))
        let cases: [([String], String)] = [
            (["--plugin", "/no/such/plugin.so"], "bench: plug-in /no/such/plugin.so: no such file"),
            (["--plugin", text], "bench: plug-in \(text): cannot load: "),
            (
                ["--plugin", plugin, "--plugin", plugin],
                "bench: plug-in \(plugin): converter name 'faulty' is already taken by plug-in \(plugin)"
            ),
        ]
        for (arguments, line) in cases {
            let run = try BenchProcess.run(["check"] + arguments)
            #expect(run.status == 1 && run.stderr.hasPrefix(line), "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
    }

    @Test(
        "check usage mistakes: one line on stderr, exit 2",
        arguments: [
            ["check", "--tolerance", "256"], ["check", "--converter", "nope"], ["check", "--orientation", "sideways"],
            ["check", "--check", "everything"], ["check", "--time-limit", "0"], ["decode", "a.ivf", "--bgra", "nope"],
        ])
    func usageErrors(_ arguments: [String]) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.isUsageError, "\(arguments): \(run.shown)")
    }

    @Test(
        "report leaves out a converter that crashes in the pre-flight, or hangs turned a quarter (the pre-flight covers the oriented cells: 1280x720 brings the default rotate90 cell), reports the rest, exits 1, no signal",
        arguments: [
            ("CRASH", "37x5", "scalar", "crashed (SIGSEGV) at 37x5 upright bt601"),
            ("HANG_ROTATED", "1280x720", "simd", "timed out at 1280x720 rotate90"),
        ])
    func reportPreflight(fault: String, size: String, converter: String, reason: String) throws {
        let plugin = try #require(Self.fixture(fault))
        let run = try BenchProcess.run(Self.shortReport(plugin: plugin, size: size) + ["--converters", converter])
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains("bench: plug-in converter faulty: left out, \(reason)"), "\(run.stderr)")
        #expect(run.stdout.contains(converter) && !run.stdout.contains("faulty"), "\(run.stdout)")
    }

    @Test("the report's --converters takes a loaded plug-in's converter; an unknown name lists the known ones, exit 2")
    func reportConvertersByPluginName() throws {
        let plugin = try #require(Self.examplePlugin, "cannot build the example plug-in with cc")
        let common = Self.shortReport(plugin: plugin, size: "16x8")
        let narrowed = try BenchProcess.run(common + ["--converters", "c-scalar"])
        #expect(narrowed.status == 0, "exit \(narrowed.status): \(narrowed.stderr)")
        let rows = narrowed.lines.filter { $0.hasPrefix("16x8") || $0.hasPrefix("   ") }
        #expect(narrowed.stdout.contains("c-scalar") && narrowed.stdout.contains("libyuv"), "\(narrowed.stdout)")
        #expect(!rows.contains { $0.contains(" simd ") || $0.contains(" lut ") }, "\(narrowed.stdout)")
        let unknown = try BenchProcess.run(common + ["--converters", "c-scalr"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.hasPrefix("bench: unknown converter 'c-scalr' (") && unknown.stderr.contains("c-scalar"),
            "\(unknown.stderr)")
    }

    @Test(
        "the report flags a converter faster than its floor whose bytes are wrong: its output cannot have been written")
    func reportFlagsImpossibleSpeed() throws {
        let plugin = try #require(Self.fixture("WRITES_NOTHING"))
        let run = try BenchProcess.run([
            "--plugin", plugin, "--converters", "faulty", "--only-sizes", "640x480", "--orientation", "upright",
            "--seconds", "0.2", "--no-vectors", "--quiet",
        ])
        #expect(
            run.lines.contains {
                $0.hasPrefix("WARNING: faulty at 640x480 takes ")
                    && $0.hasSuffix("faster than moving its bytes: the output cannot have been written")
            }, "\(run.stdout)")
    }

    @Test(
        "the report's pre-flight leaves out a converter that writes past its destination, reads past a plane or writes into its source, naming it; the rest is reported, exit 1",
        arguments: [
            ("WRITES_PAST_END", "wrote past the end of its destination at 64x48 upright bt601 (SIGSEGV)"),
            ("OVERREAD_CHROMA", "read past the end of plane u at 64x48 upright bt601 (SIGSEGV)"),
            ("WRITES_SOURCE", "wrote into its source plane y at 64x48 upright bt601"),
        ])
    func reportPreflightGuards(fault: String, reason: String) throws {
        let plugin = try #require(Self.fixture(fault))
        let arguments = ["--converters", "faulty,simd", "--orientation", "upright"]
        let run = try BenchProcess.run(Self.shortReport(plugin: plugin, size: "64x48") + arguments)
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains("bench: plug-in converter faulty: left out, \(reason)"), "\(run.stderr)")
        #expect(run.lines.contains { $0.hasPrefix("64x48  simd") }, "\(run.stdout)")
    }

    @Test("the gate's --converters takes a loaded plug-in's converter; an unknown name lists the known ones, exit 2")
    func gateConvertersByPluginName() throws {
        let plugin = try #require(Self.examplePlugin, "cannot build the example plug-in with cc")
        let unknown = try BenchProcess.run(["gate", "--plugin", plugin, "--converters", "c-scalr,simd"])
        #expect(unknown.status == 2, "exit \(unknown.status): \(unknown.stderr)")
        #expect(
            unknown.stderr.hasPrefix("bench: unknown converter 'c-scalr' (") && unknown.stderr.contains("c-scalar"),
            "\(unknown.stderr)")
        // Known, the names get as far as the reference (here one that is no commit, to stop there).
        let known = try BenchProcess.run([
            "gate", "--plugin", plugin, "--converters", "c-scalar,simd", "--reference", "no-such-revision",
        ])
        #expect(known.status == 2 && known.stderr.contains("reference no-such-revision"), "\(known.stderr)")
    }

    @Test(
        "plug-in code that crashes, ends the process with status 0, stops it, or never returns in a report's supervised child (after passing its pre-flight) ends the report with a line and exit 1",
        arguments: [
            ("CRASH", "bench: a plug-in converter crashed (SIGSEGV) after passing its pre-flight"),
            ("EXIT", "bench: the process ended with exit status 0 before the command finished"),
            ("STOP", "bench: plug-in code stopped the process (SIGSTOP)"),
            ("HANG", "s without returning; the process was killed"),
        ])
    func supervisedReport(fault: String, line: String) throws {
        // STRIKE_AT_CALL: the fault strikes at a process's fifth conversion, which the pre-flight's
        // worker (one conversion) never makes and the report's child does.
        let plugin = try #require(Self.fixture(fault, defines: ["STRIKE_AT_CALL=5"]))
        let run = try BenchProcess.run(
            Self.shortReport(plugin: plugin, size: "64x48") + [
                "--converters", "faulty,simd", "--orientation", "upright",
            ])
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains(line), "\(run.stderr)")
    }

    @Test(
        "decode --bgra never runs plug-in code in its own process: a crash, an exit or a hang at the size a stream switches to ends the list after the frames before it, with a line naming the frame and exit 1",
        arguments: [
            (
                "CRASH", ["CRASH_WIDTH=282"],
                "crashed (SIGSEGV) at 282x231 upright bt601, resize-352x288-282x231.ivf frame 4"
            ),
            (
                "EXIT", ["EXIT_WIDTH=282"],
                "worker exited with status 0 at 282x231 upright bt601, resize-352x288-282x231.ivf frame 4"
            ),
            ("HANG", ["HANG_WIDTH=282"], "timed out at 282x231 upright bt601, resize-352x288-282x231.ivf frame 4"),
        ])
    func decodeIsolated(fault: String, defines: [String], detail: String) throws {
        // Vectors/resize-352x288-282x231.ivf has four frames at 352x288, then four at 282x231.
        let plugin = try #require(Self.fixture(fault, defines: defines))
        let vector = "Vectors/resize-352x288-282x231.ivf"
        let run = try BenchProcess.run(["decode", vector, "--bgra", "faulty", "--plugin", plugin])
        let libyuv = try BenchProcess.run(["decode", vector, "--bgra", "libyuv"])
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains("bench: \(vector): plug-in converter faulty: \(detail)"), "\(run.stderr)")
        let frames = libyuv.stdout.split(separator: "\n")
        #expect(frames.count == 8 && run.stdout.split(separator: "\n") == Array(frames.prefix(4)), "\(run.stdout)")
    }

    @Test(
        "decode --bgra prints a plug-in converter's own bytes, made in a child: a forged finish line cannot cut the list short, and a wrong alpha shows in every digest"
    )
    func decodeReplaysPluginBytes() throws {
        let vector = "Vectors/resize-352x288-282x231.ivf"
        let libyuv = try BenchProcess.run(["decode", vector, "--bgra", "libyuv"])
        let forger = try #require(Self.fixture("FORGE_FINISH"))
        let forged = try BenchProcess.run(["decode", vector, "--bgra", "faulty", "--plugin", forger])
        #expect(forged.status == 0 && forged.stdout == libyuv.stdout, "\(forged.stdout)\(forged.stderr)")
        let wrong = try #require(Self.fixture("WRONG_ALPHA"))
        let alpha = try BenchProcess.run(["decode", vector, "--bgra", "faulty", "--plugin", wrong])
        let frames = alpha.stdout.split(separator: "\n")
        #expect(alpha.status == 0 && frames.count == 8, "\(alpha.stdout)\(alpha.stderr)")
        for (mine, reference) in zip(frames, libyuv.stdout.split(separator: "\n")) {
            // The same frame names, other digests.
            #expect(mine.split(separator: " ").last == reference.split(separator: " ").last && mine != reference)
        }
    }

    @Test(
        "verify judges a plug-in converter's frames outside its process: a crash, an exit or a wrong byte at the size a stream switches to fails that file alone",
        arguments: [
            (
                "CRASH", ["CRASH_WIDTH=282"],
                "crashed (SIGSEGV) at 282x231 upright bt601, resize-352x288-282x231.ivf frame 4"
            ),
            ("EXIT", ["EXIT_WIDTH=282"], "worker exited with status 0 at 282x231 upright bt601"),
            ("WRONG_ALPHA", [], "resize-352x288-282x231.ivf frame 0 pixel (0, 0) A: got 254, want 255"),
        ])
    func verifyJudged(fault: String, defines: [String], detail: String) throws {
        let plugin = try #require(Self.fixture(fault, defines: defines))
        let run = try BenchProcess.run([
            "verify", "Vectors/resize-352x288-282x231.ivf", "Vectors/size-33x17.ivf", "--plugin", plugin,
        ])
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        let resized = run.lines.first { $0.hasPrefix("Vectors/resize-352x288-282x231.ivf") } ?? ""
        #expect(resized.contains("  FAIL: plug-in faulty (") && resized.contains(detail), "\(run.stdout)")
        let small = run.lines.first { $0.hasPrefix("Vectors/size-33x17.ivf") } ?? ""
        #expect(
            small.hasSuffix(
                "  "
                    + (fault == "WRONG_ALPHA"
                        ? "FAIL: plug-in faulty (at 33x17 upright bt601, size-33x17.ivf frame 0 pixel (0, 0) A: got 254, want 255)"
                        : "pass")), "\(run.stdout)")
        #expect(
            run.lines.contains(fault == "WRONG_ALPHA" ? "0 passed, 2 failed" : "1 passed, 1 failed"), "\(run.stdout)")
    }

    @Test(
        "verify never runs plug-in code in its own process: a plug-in that writes a supervised child's finish line and exits cannot cut verify short"
    )
    func verifyForgedFinish() throws {
        let plugin = try #require(Self.fixture("FORGE_FINISH"))
        let run = try BenchProcess.run([
            "verify", "Vectors/size-176x144.ivf", "Vectors/size-320x180.ivf", "--plugin", plugin,
        ])
        #expect(run.status == 0, "exit \(run.status): \(run.stdout) \(run.stderr)")
        #expect(run.lines.first == "Vectors/size-176x144.ivf  pass", "\(run.stdout)")
        #expect(run.lines.contains("2 passed, 0 failed"), "\(run.stdout)")
    }

    @Test(
        "the C example passes sizes and over-read in every orientation; verify and decode --bgra use it like a built-in"
    )
    func example() throws {
        let plugin = try #require(Self.examplePlugin, "cannot build Examples/c-plugin with cc")
        let check = try BenchProcess.run([
            "check", "--plugin", plugin, "--converter", "c-scalar", "--check", "sizes", "--check", "over-read",
            "--check", "threads", "--matrix", "bt709",
        ])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.lines.contains("3 passed, 0 failed"), "\(check.stdout)")
        let verify = try BenchProcess.run(["verify", "Vectors/size-33x17.ivf", "--plugin", plugin])
        #expect(verify.status == 0 && verify.lines.contains("1 passed, 0 failed"), "\(verify.stdout)\(verify.stderr)")
        let mine = try BenchProcess.run(["decode", "Vectors/size-3x5.ivf", "--bgra", "c-scalar", "--plugin", plugin])
        let libyuv = try BenchProcess.run(["decode", "Vectors/size-3x5.ivf", "--bgra", "libyuv"])
        #expect(mine.status == 0 && !mine.stdout.isEmpty && mine.stdout == libyuv.stdout, "\(mine.stdout)")
    }

    @Test(
        "a report with a plug-in (run in a supervised child) writes --json to standard output, the text to standard error"
    )
    func jsonToStandardOutput() throws {
        let plugin = try #require(Self.examplePlugin, "cannot build Examples/c-plugin with cc")
        let run = try BenchProcess.run(
            Self.shortReport(plugin: plugin, size: "16x8") + ["--converters", "c-scalar,simd", "--json"])
        #expect(run.status == 0, "\(run.shown)")
        #expect(run.reportEntryNames?.contains("convert/c-scalar/16x8") == true, "\(run.shown)")
        #expect(run.stderr.contains("machine: "), "the text report is not on standard error")
        #expect(
            run.stderr.contains(
                "bench: bit-exactness of plug-in converters checked outside their process: 1 cell, each against libyuv's output"
            ), "\(run.stderr)")
    }

    @Test(
        "a report whose plug-in writes the supervised child's finish line and exits 0 is not believed: no report document, exit 1"
    )
    func forgedFinish() throws {
        let plugin = try #require(Self.fixture("FORGE_FINISH"))
        let run = try BenchProcess.run(
            Self.shortReport(plugin: plugin, size: "64x48") + ["--converters", "faulty", "--orientation", "upright"])
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(
            run.stderr.contains(
                "bench: the report's process sent no report document to check its plug-in converters against"),
            "\(run.stderr)")
    }
}
