import Containers
import ConverterChecks
import Converters
import Decoding
import Foundation
import Frames
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The check harness in process, as a package checking its own Swift
/// converter uses it: a correct converter passes, a wrong one fails with
/// the case named, a refusing one is skipped; requests survive the trip
/// to a worker.
@Suite struct ConverterCheckTests {
    /// Scalar, except that one `(y, u, v)` triple's green is off by one.
    struct OneWrongTriple: FrameConverter {
        let name = "one-wrong-triple"
        func convert(_ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation)
            throws(ConversionError)
        {
            ScalarConverter().convert(source, to: destination, matrix: matrix, orientation: orientation)
            for row in 0..<source.height {
                for x in 0..<source.width
                where source.y.row(row)[x] == 16 && source.u.row(row / 2)[x / 2] == 128
                    && source.v.row(row / 2)[x / 2] == 128
                {
                    destination.row(row)[4 * x + 1] ^= 1
                }
            }
        }
    }

    /// Refuses everything.
    struct RefusesAll: FrameConverter {
        let name = "refuses-all"
        func convert(_: SourceFrame, to _: BGRAView, matrix _: ColorMatrix, orientation _: Orientation)
            throws(ConversionError)
        { throw .unsupported }
    }

    /// Claims to be thread-safe but converts through one shared scratch
    /// image, pausing before copying it out: concurrent calls overwrite
    /// each other's pixels.
    final class SharedScratch: FrameConverter, @unchecked Sendable {
        let name = "shared-scratch"
        private var scratch: BGRABuffer?
        func convert(_ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation)
            throws(ConversionError)
        {
            if scratch?.size != destination.size { scratch = BGRABuffer(size: destination.size) }
            let image = scratch!
            LUTConverter().convert(source, to: image.view, matrix: matrix, orientation: orientation)
            usleep(2000)
            for row in 0..<destination.height {
                destination.row(row).update(from: image.view.row(row), count: destination.width * 4)
            }
        }
    }

    static var narrow: CheckOptions {
        var options = CheckOptions()
        options.matrices = [.bt601]
        options.orientations = [.upright, .rotate90Mirror]
        return options
    }

    @Test("a correct converter passes sizes, over-read and threads in process")
    func correctPasses() {
        let outcomes = ConverterCheck.run(LUTConverter(), options: Self.narrow, kinds: [.sizes, .overRead, .threads])
        #expect(outcomes.allSatisfy { $0.status == .pass }, "\(outcomes)")
    }

    @Test("one wrong triple fails the exhaustive check, named with libyuv's value, and counted")
    func wrongTriple() {
        // libyuv gives G = 0 for (16, 128, 128) under BT.601: (16 × 257 × 18997) >> 16 − 1160 = 31, 31 >> 6 = 0.
        let outcome = ConverterCheck.run(OneWrongTriple(), options: Self.narrow, kinds: [.exhaustive])[0]
        #expect(outcome.status == .fail)
        #expect(outcome.detail == "(16, 128, 128) bt601 G: got 1, want 0; 1 of 16777216 triples wrong")
    }

    @Test("a converter sharing scratch memory between calls fails the threads check")
    func sharedScratchFailsThreads() {
        var options = Self.narrow
        options.orientations = [.upright]
        let outcome = ConverterCheck.run(SharedScratch(), options: options, kinds: [.threads])[0]
        #expect(outcome.status == .fail, "\(outcome)")
        #expect(outcome.detail.contains("bytes differ from the single-threaded conversion"), "\(outcome.detail)")
    }

    @Test("a converter that refuses everything is skipped, never passed or failed")
    func refusingIsSkipped() {
        let outcomes = ConverterCheck.run(RefusesAll(), options: Self.narrow, kinds: CheckKind.allCases)
        let kinds = outcomes.filter { $0.status == .skipped }.map(\.check)
        #expect(kinds == [.exhaustive, .sizes, .overRead, .frames, .threads, .speed], "\(outcomes)")
    }

    @Test("the frames check reads each file's chosen track: track 2 of a two-track file gives that stream's frames")
    func framesOfChosenTrack() throws {
        let path = try TwoTrackFile.make()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var alone = 0
        _ = try StreamDecoder.decode(path: TwoTrackFile.secondTrackSource) { _ in alone += 1 }
        var options = Self.narrow
        options.matrices = [.bt601]
        options.orientations = [.upright]
        options.vectorFiles = [StreamFile(path: path, track: 2)]
        let outcome = ConverterCheck.run(ScalarConverter(), options: options, kinds: [.frames])[0]
        #expect(outcome.status == .pass && alone > 0, "\(outcome)")
        #expect(outcome.detail.hasPrefix("\(alone) frames of 1 files"), "\(outcome.detail)")
        options.vectorFiles = [StreamFile(path: path, track: 3)]
        let missing = ConverterCheck.run(ScalarConverter(), options: options, kinds: [.frames])[0]
        #expect(missing.status == .fail && missing.detail.contains("no video track 3"), "\(missing)")
    }

    @Test("a worker request and its protocol lines survive encoding")
    func requestRoundTrip() {
        var options = Self.narrow
        options.tolerance = 2
        options.vectorFiles = [StreamFile(path: "a.ivf"), StreamFile(path: "b.mkv", track: 2)]
        let request = CheckRequest(task: .check(.overRead), plugins: ["p.so"], converter: "x", options: options)
        #expect(CheckRequest(argument: request.argument) == request)
        for line in [
            WorkerLine.begin("17x3 rotate90"), .fault("u"), .outcome(.fail, "a b"),
            .converter(name: "c", threadSafe: true),
            .output(
                byteCount: 12, source: "00ff",
                identity: "i420 1x1 strides 2,1,1 source ab to 1x1 stride 4 bt601 upright"),
            .refused(identity: "nv12 2x2 b"), .failed(status: 5, identity: "x y"), .digests(["01", "02"]), .spanBegins,
            .spanEnds,
        ] {
            #expect(WorkerLine(text: line.text) == line)
        }
        for undefined in ["outcome maybe x", "output -1 a b", "output 12 a", "failed x y", "span", "hello"] {
            #expect(WorkerLine(text: undefined) == nil, "\(undefined)")
        }
    }
}
