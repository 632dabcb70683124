import Foundation
import TestSupport
import Testing

/// `bench call` run as a separate process.
@Suite("bench call command line")
struct CallCLITests {
    @Test("two 320x180 AV1 participants for a second: per-tile figures, the codec and the machine in the JSON, exit 0")
    func twoTiles() throws {
        let json = NSTemporaryDirectory() + "framebench-call-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: json) }
        let run = try BenchProcess.run([
            "call", "--tiles", "2x320x180", "--codec", "av1", "--fps", "30", "--seconds", "1", "--json", json,
        ])
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("all "), "\(run.stdout)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let call = try #require(document["call"] as? [String: Any])
        let tiles = try #require(call["tiles"] as? [[String: Any]])
        #expect(tiles.count == 2)
        for tile in tiles {
            #expect(tile["streamSize"] as? String == "320x180")
            #expect((tile["vector"] as? String)?.hasSuffix("av1/av1-rt-320x180.ivf") == true, "\(tile)")
            let figures = try #require(tile["figures"] as? [String: Any])
            #expect(figures["due"] as? Int == 30)
            let counted = ["onTime", "late", "dropped"].compactMap { figures[$0] as? Int }.reduce(0, +)
            #expect(counted == 30)
            #expect(figures["latencyP50Nanoseconds"] as? Double != nil)
        }
        let overall = try #require(call["overall"] as? [String: Any])
        #expect(overall["due"] as? Int == 60)
        #expect(call["cpuUtilisation"] as? Double != nil)
        #expect(call["codec"] as? String == "av1")
        // The call is a section of the one report document: versioned, with the machine and no entries.
        #expect(document["json_schema_version"] as? Int == 2)
        #expect((document["context"] as? [String: Any])?["machine_key"] is String)
        #expect((document["benchmarks"] as? [Any])?.isEmpty == true)
        #expect((document["capacity"] as? [Any])?.isEmpty == true)
    }

    @Test("--layout nv12: participants' frames arrive as NV12, said in the JSON and the CPU line; present says it too")
    func nv12Participants() throws {
        let json = NSTemporaryDirectory() + "framebench-call-nv12-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: json) }
        let run = try BenchProcess.run([
            "call", "--tiles", "1x176x144", "--fps", "30", "--seconds", "0.5", "--layout", "nv12", "--json", json,
        ])
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(run.lines.contains { $0.hasPrefix("cpu, frames arriving as nv12: ") }, "\(run.stdout)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let call = try #require(document["call"] as? [String: Any])
        #expect(call["layout"] as? String == "nv12")
        let present = try BenchProcess.run([
            "present", "Vectors/size-175x143.ivf", "--layout", "nv12", "--json", json,
        ])
        #expect(present.status == 0, "\(present.stdout) \(present.stderr)")
        let presented = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(presented["layout"] as? String == "nv12")
        #expect(try BenchProcess.run(["call", "--tiles", "1x176x144", "--layout", "yuy2"]).isUsageError)
    }

    @Test(
        "usage mistakes: one line on stderr, exit 2",
        arguments: [
            ["call"], ["call", "--tiles", "0x176x144"], ["call", "--tiles", "2x176"],
            ["call", "--tiles", "1x176x144", "--fps", "0"], ["call", "--tiles", "1x176x144", "--schedule", "pool"],
            ["call", "--find-capacity", "320"], ["call", "--tiles", "1x176x144", "--json", "/tmp"],
        ])
    func usageErrors(_ arguments: [String]) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.isUsageError, "\(arguments): \(run.shown)")
    }
}
