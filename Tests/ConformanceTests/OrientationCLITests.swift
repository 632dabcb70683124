import Foundation
import TestSupport
import Testing

/// `--orientation` on the command line: accepted names, usage errors, the
/// oriented `decode` lines, the report's oriented cells in JSON and text.
@Suite("bench --orientation")
struct OrientationCLITests {
    static let names = [
        "upright", "rotate90", "rotate180", "rotate270", "mirror", "rotate90-mirror", "rotate180-mirror",
        "rotate270-mirror",
    ]

    /// The smallest report: one tiny size, one frame, no vectors.
    static let tinyReport = [
        "--seconds", "0", "--min-frames", "1", "--max-frames", "1", "--warmup", "0", "--no-vectors", "--quiet",
    ]

    /// A 175×143 vector: odd in both directions.
    static let oddVector = "Vectors/size-175x143.ivf"

    /// Runs `bench arguments` in the package root.
    static func bench(_ arguments: [String]) throws -> BenchProcess.Run { try BenchProcess.run(arguments) }

    /// The JSON report a tiny run of `arguments` writes.
    static func report(_ arguments: [String]) throws -> (run: BenchProcess.Run, json: [String: Any]) {
        let path = NSTemporaryDirectory() + "framebench-orientation-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try bench(tinyReport + arguments + ["--json", path])
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (run, json)
    }

    @Test("every orientation name is accepted by report; entries carry it in their name (not upright's) and a field")
    func reportNames() throws {
        for name in Self.names {
            let (run, json) = try Self.report(["--only-sizes", "5x3", "--orientation", name])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let entries = try #require(json["benchmarks"] as? [[String: Any]])
            let notMeasured = try #require(json["not_measured"] as? [[String: Any]])
            let suffix = name == "upright" ? "" : "/" + name
            let libyuv = entries.first { $0["converter"] as? String == "libyuv" }
            #expect(libyuv?["name"] as? String == "convert/libyuv/5x3" + suffix, "\(name)")
            for entry in entries {
                #expect(entry["orientation"] as? String == name)
                #expect((entry["name"] as? String)?.hasSuffix("/5x3" + suffix) == true, "\(entry["name"] ?? "")")
            }
            let converters = Set(entries.compactMap { $0["converter"] as? String })
            #expect(converters.isSuperset(of: ["libyuv", "scalar", "lut", "floor"]), "\(converters)")
            for skipped in notMeasured {
                let converter = try #require(skipped["converter"] as? String)
                #expect(skipped["reason"] as? String == "unsupported")
                #expect(skipped["name"] as? String == "convert/\(converter)/5x3" + suffix)
                #expect(!converters.contains(converter))
                #expect(
                    run.lines.contains { $0.contains(" \(converter) ") && $0.hasSuffix("skipped: unsupported") },
                    "\(converter) not shown as skipped")
            }
        }
    }

    @Test("without --orientation the report adds the mirrored 640x480 cell to 640x480, with upright names unchanged")
    func defaultCells() throws {
        let (run, json) = try Self.report(["--only-sizes", "640x480,2x2", "--converters", "lut"])
        #expect(run.status == 0, "\(run.stderr)")
        let names = try #require(json["benchmarks"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(
            names == [
                "convert/lut/640x480", "convert/libyuv/640x480", "convert/floor/640x480",
                "convert/lut/2x2", "convert/libyuv/2x2", "convert/floor/2x2",
                "convert/lut/640x480/mirror", "convert/libyuv/640x480/mirror", "convert/floor/640x480/mirror",
            ])
        #expect(run.lines.contains { $0.hasPrefix("640x480 mirror ") })
    }

    @Test("several orientations: each size in each, in order; oriented cells carry their time ÷ their upright twin's")
    func severalOrientations() throws {
        let (run, json) = try Self.report([
            "--only-sizes", "64x32,9x5", "--converters", "lut", "--orientation", "upright,mirror,rotate90,mirror",
            "--min-frames", "20", "--max-frames", "20",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let entries = try #require(json["benchmarks"] as? [[String: Any]])
        let cells = entries.filter { $0["converter"] as? String == "lut" }
        #expect(
            cells.compactMap { $0["name"] as? String } == [
                "convert/lut/64x32", "convert/lut/64x32/mirror", "convert/lut/64x32/rotate90",
                "convert/lut/9x5", "convert/lut/9x5/mirror", "convert/lut/9x5/rotate90",
            ])
        #expect(!entries.contains { ($0["name"] as? String)?.contains("@upright") == true })
        for cell in cells {
            let ratio = cell["ratio_to_upright"] as? Double
            if cell["orientation"] as? String == "upright" {
                #expect(ratio == nil && cell["ratio_to_upright"] == nil)
            } else {
                let interval = try #require(cell["ratio_to_upright_ci"] as? [Double])
                let ratio = try #require(ratio)
                #expect(interval.count == 2 && interval[0] <= ratio && ratio <= interval[1])
            }
        }
        #expect(entries.filter { $0["converter"] as? String == "floor" }.allSatisfy { $0["ratio_to_upright"] == nil })
        #expect(run.lines.contains { $0.hasPrefix("What each orientation costs") })
        #expect(run.lines.contains { $0.hasPrefix("64x32") && $0.contains("rotate90") && $0.contains(" lut ") })
    }

    @Test(
        "an unknown orientation, or --orientation where it does not apply: one line, exit 2",
        arguments: [
            ["--orientation", "sideways"], ["report", "--orientation", "rotate45"],
            ["report", "--orientation", "upright,"],
            ["decode", oddVector, "--bgra", "lut", "--orientation", "upright,mirror"],
            ["decode", oddVector, "--bgra", "lut", "--orientation", "Mirror"],
            ["decode", oddVector, "--orientation", "rotate90"], ["verify", oddVector, "--orientation", "flip"],
            ["gate", "--orientation", "up"], ["gate", "--orientation", "mirror", "--why", "no --accept"],
        ])
    func usageErrors(_ arguments: [String]) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.isUsageError, "\(arguments): \(run.shown)")
    }

    @Test("decode --orientation names frames by the oriented size; each converter's lines equal libyuv's")
    func decodeLines() throws {
        let upright = try Self.bench(["decode", Self.oddVector, "--bgra", "libyuv"])
        let golden = try String(
            contentsOfFile: TestPaths.packageRoot + "/Vectors/size-175x143.bt601.bgra.md5", encoding: .utf8)
        #expect(upright.status == 0 && upright.stdout == golden, "upright output changed")
        for name in Self.names {
            let reference = try Self.bench(
                ["decode", Self.oddVector, "--bgra", "libyuv", "--matrix", "bt709", "--orientation", name])
            #expect(reference.status == 0, "\(reference.stderr)")
            let size = name.hasPrefix("rotate90") || name.hasPrefix("rotate270") ? "143x175" : "175x143"
            let frames = reference.lines.filter { !$0.isEmpty }
            #expect(frames.count == 6)
            #expect(frames.allSatisfy { $0.contains("  size-175x143-\(size)-000") && $0.hasSuffix(".bgra") }, "\(name)")
            if name != "upright" { #expect(reference.stdout != upright.stdout) }
            for converter in ["scalar", "lut"] {
                let run = try Self.bench(
                    ["decode", Self.oddVector, "--bgra", converter, "--matrix", "bt709", "--orientation", name])
                #expect(run.status == 0 && run.stdout == reference.stdout, "\(converter) \(name)")
            }
        }
    }

    @Test("decode --layout nv12 prints, for every converter and orientation, libyuv's lines of the I420 frames")
    func decodeNV12() throws {
        let golden = try String(
            contentsOfFile: TestPaths.packageRoot + "/Vectors/size-175x143.bt601.bgra.md5", encoding: .utf8)
        for converter in ["scalar", "lut", "simd", "parallel", "libyuv"] {
            let upright = try Self.bench(["decode", Self.oddVector, "--bgra", converter, "--layout", "nv12"])
            #expect(upright.status == 0 && upright.stdout == golden, "\(converter) upright: \(upright.stderr)")
            for name in ["rotate90", "rotate270-mirror", "mirror"] {
                let arguments = ["decode", Self.oddVector, "--matrix", "bt709", "--orientation", name]
                let reference = try Self.bench(arguments + ["--bgra", "libyuv"])
                let run = try Self.bench(arguments + ["--bgra", converter, "--layout", "nv12"])
                #expect(run.status == 0 && run.stdout == reference.stdout, "\(converter) \(name)")
            }
        }
        #expect(try Self.bench(["decode", Self.oddVector, "--layout", "nv12"]).isUsageError)
        #expect(try Self.bench(["decode", Self.oddVector, "--bgra", "lut", "--layout", "nv21"]).isUsageError)
    }

    @Test("verify --layout i420,nv12 checks each file in both layouts (NV12 upright against the golden BGRA MD5s)")
    func verifyLayouts() throws {
        let run = try Self.bench(["verify", Self.oddVector, "--layout", "i420,nv12", "--converters", "simd,lut"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.lines.first?.hasPrefix(Self.oddVector + "  pass") == true, "\(run.stdout)")
        #expect(run.lines.dropFirst().first?.hasPrefix(Self.oddVector + "  nv12: pass") == true, "\(run.stdout)")
        #expect(run.lines.contains("2 passed, 0 failed"), "\(run.stdout)")
        #expect(try Self.bench(["verify", Self.oddVector, "--layout", "nv21"]).isUsageError)
    }

    @Test("verify --orientation passes an odd-sized vector and says so per file")
    func verifyOriented() throws {
        let run = try Self.bench(["verify", Self.oddVector, "--orientation", "rotate270-mirror", "--converters", "lut"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.lines.first?.hasPrefix(Self.oddVector + "  pass") == true, "\(run.stdout)")
    }
}
