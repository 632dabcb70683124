import Gate
import Reports
import Statistics
import Testing

/// The gate's decision on constructed process reports: no timing.
@Suite struct GateComparisonTests {
    static let comparison = GateComparison(threshold: 0.05, converters: ["simd", "lut", "libyuv"])
    static let hd = EntryCell(converter: "simd", width: 1280, height: 720)

    /// A process report with `cpu` µs per frame for each cell (wall alike).
    static func run(_ cells: [EntryCell: Double], notMeasured: [EntryCell: String] = [:]) -> ReportDocument {
        ReportDocument(
            machineKey: nil,
            benchmarks: cells.map { cell, cpu in
                ReportEntry(
                    name: "convert/\(cell.converter)/\(cell.width)x\(cell.height)/\(cell.orientation)",
                    samples: [cpu, cpu * 1.01], cpuTime: cpu, meanTime: cpu, cell: cell)
            },
            notMeasured: notMeasured.map { cell, reason in
                NotMeasuredCell(
                    name: "convert/\(cell.converter)/\(cell.width)x\(cell.height)", cell: cell, reason: reason)
            })
    }

    /// Processes whose times for `cell` are `times`.
    static func runs(_ cell: EntryCell, _ times: [Double]) -> [ReportDocument] { times.map { run([cell: $0]) } }

    /// The CPU ratio and verdict of `outcome`; nil when it was not compared.
    static func compared(_ outcome: CellOutcome) -> (cpu: RatioEstimate, verdict: Verdict)? {
        guard case .compared(let cpu, _, _, let verdict) = outcome.kind else { return nil }
        return (cpu, verdict)
    }

    @Test func sameSpeedPasses() throws {
        let outcomes = Self.comparison.outcomes(
            head: Self.runs(Self.hd, [100, 102, 99, 101]), reference: Self.runs(Self.hd, [101, 100, 98, 103]))
        #expect(outcomes.count == 1)
        let (cpu, verdict) = try #require(Self.compared(outcomes[0]), "not compared")
        #expect(verdict == .same)
        // 4 against 4 processes: the interval is the whole range of the 16 ratios.
        #expect(abs(cpu.lower - 99.0 / 103) < 1e-9 && abs(cpu.upper - 102.0 / 98) < 1e-9)
        #expect(!outcomes[0].fails)
    }

    @Test func slowdownBeyondTheThresholdFails() throws {
        let outcomes = Self.comparison.outcomes(
            head: Self.runs(Self.hd, [130, 128, 133, 131]), reference: Self.runs(Self.hd, [100, 101, 99, 102]))
        let (cpu, verdict) = try #require(Self.compared(outcomes[0]), "not compared")
        #expect(verdict == .slower)
        #expect(cpu.lower > 1.05)
        #expect(outcomes[0].fails)
        #expect(!Self.comparison.isUndecided(outcomes))
    }

    @Test func aWideIntervalAcrossTheThresholdPassesAndIsUndecided() throws {
        // Head 8 % slower in the middle, but one process of each side overlaps.
        let outcomes = Self.comparison.outcomes(
            head: Self.runs(Self.hd, [108, 107, 109, 99]), reference: Self.runs(Self.hd, [100, 101, 99, 106]))
        let (cpu, verdict) = try #require(Self.compared(outcomes[0]), "not compared")
        #expect(cpu.lower <= 1.05 && cpu.upper > 1.05)
        #expect(verdict == .same)
        #expect(!outcomes[0].fails)
        #expect(Self.comparison.isUndecided(outcomes))
    }

    @Test func fasterIsSaidAndPasses() throws {
        let outcomes = Self.comparison.outcomes(
            head: Self.runs(Self.hd, [70, 71, 69, 72]), reference: Self.runs(Self.hd, [100, 101, 99, 102]))
        let verdict = try #require(Self.compared(outcomes[0]), "not compared").verdict
        #expect(verdict == .faster)
        #expect(!outcomes[0].fails)
    }

    @Test func aCellTheReferenceLacksIsNewAndNotGated() {
        let mirror = EntryCell(converter: "simd", width: 640, height: 480, orientation: "mirror")
        let head = [100.0, 101, 99, 102].map { Self.run([Self.hd: $0, mirror: $0 * 3]) }
        let outcomes = Self.comparison.outcomes(head: head, reference: Self.runs(Self.hd, [100, 101, 99, 102]))
        #expect(outcomes.map(\.cell) == [mirror, Self.hd])
        #expect(outcomes[0].kind == .new)
        #expect(!outcomes[0].fails)
    }

    @Test func aCellTheHeadLacksFailsUnlessUnsupported() {
        let lut = EntryCell(converter: "lut", width: 1280, height: 720)
        let reference = [100.0, 101, 99, 102].map { Self.run([Self.hd: $0, lut: $0 * 4]) }
        let failed = [100.0, 101, 99, 102].map { Self.run([Self.hd: $0], notMeasured: [lut: "failed (status 1)"]) }
        let unsupported = [100.0, 101, 99, 102].map { Self.run([Self.hd: $0], notMeasured: [lut: "unsupported"]) }
        let one = Self.comparison.outcomes(head: failed, reference: reference)
        #expect(one.first { $0.cell == lut }?.kind == .missing(reason: "failed (status 1)"))
        #expect(one.first { $0.cell == lut }?.fails == true)
        let two = Self.comparison.outcomes(head: unsupported, reference: reference)
        #expect(two.first { $0.cell == lut }?.fails == false)
    }

    /// Processes with `simd` at `ratio` × libyuv's CPU time, libyuv at `libyuv` µs.
    static func withLibyuv(_ pairs: [(ratio: Double, libyuv: Double)]) -> [ReportDocument] {
        let reference = EntryCell(converter: "libyuv", width: 1280, height: 720)
        return pairs.map { ratio, libyuv in
            ReportDocument(
                machineKey: nil,
                benchmarks: [
                    ReportEntry(
                        name: "convert/simd/1280x720", samples: [ratio * libyuv], cpuTime: ratio * libyuv,
                        meanTime: ratio * libyuv, cpuRatioToLibyuv: ratio, cell: hd),
                    ReportEntry(
                        name: "convert/libyuv/1280x720", samples: [libyuv], cpuTime: libyuv, meanTime: libyuv,
                        cpuRatioToLibyuv: 1, cell: reference),
                ])
        }
    }

    @Test func aSlowdownLibyuvSharesFailsTheHarnessNotTheConverter() {
        // Every head process 30 % slower, libyuv too; simd's share of libyuv's time unchanged.
        let outcomes = Self.comparison.outcomes(
            head: Self.withLibyuv([(0.80, 130), (0.81, 131), (0.79, 129), (0.80, 132)]),
            reference: Self.withLibyuv([(0.80, 100), (0.81, 101), (0.79, 99), (0.80, 100)]))
        let simd = outcomes.first { $0.cell == Self.hd }
        guard case .compared(let cpu, let relative?, _, let verdict)? = simd?.kind else {
            Issue.record("simd not compared with a ratio to libyuv")
            return
        }
        #expect(cpu.lower > 1.2 && relative.lower < 1.05 && verdict == .same)
        #expect(simd?.fails == false)
        let libyuv = outcomes.first { $0.cell.converter == "libyuv" }
        guard case .compared(_, nil, _, .slower)? = libyuv?.kind else {
            Issue.record("libyuv, with no ratio to a floor in the reports, not decided slower on its CPU time alone")
            return
        }
        let harness = Self.comparison.harness(
            head: Self.withLibyuv([(0.80, 130), (0.81, 131), (0.79, 129), (0.80, 132), (0.80, 130), (0.81, 131)]),
            reference: Self.withLibyuv([(0.80, 100), (0.81, 101), (0.79, 99), (0.80, 100), (0.80, 100), (0.81, 101)]))
        #expect(harness?.cells.count == 1 && harness?.fails == true)
    }

    /// Processes with libyuv at `cpu` µs per frame (wall alike) and `toFloor`
    /// times its floor's time, round by round, in each of `cells`.
    static func libyuv(_ processes: [(cpu: Double, toFloor: Double)], in cells: [EntryCell]) -> [ReportDocument] {
        processes.map { cpu, toFloor in
            ReportDocument(
                machineKey: nil,
                benchmarks: cells.map { cell in
                    ReportEntry(
                        name: "convert/libyuv/\(cell.width)x\(cell.height)/\(cell.orientation)", samples: [cpu],
                        ratiosToFloor: [toFloor * 0.99, toFloor, toFloor * 1.01], cpuTime: cpu, meanTime: cpu,
                        cell: cell)
                })
        }
    }

    static let libyuvHD = EntryCell(converter: "libyuv", width: 1280, height: 720)

    @Test func libyuvSlowerWithItsFloorPasses() throws {
        // Every head process 30 % slower, the floor with it: the machine or the whole run moved.
        let outcomes = Self.comparison.outcomes(
            head: Self.libyuv([(130, 1.2), (131, 1.21), (129, 1.19), (132, 1.2)], in: [Self.libyuvHD]),
            reference: Self.libyuv([(100, 1.2), (101, 1.19), (99, 1.21), (100, 1.2)], in: [Self.libyuvHD]))
        guard case .compared(let cpu, let relative?, _, let verdict) = outcomes.first?.kind else {
            Issue.record("libyuv not compared with a ratio to its floor")
            return
        }
        #expect(cpu.lower > 1.2 && relative.lower < 1.05 && relative.upper > 1 / 1.05)
        #expect(verdict == .same && outcomes.first?.fails == false)
    }

    @Test func libyuvSlowerAgainstItsFloorFails() {
        // libyuv 30 % slower and 30 % further from its floor in every head process.
        let outcomes = Self.comparison.outcomes(
            head: Self.libyuv([(130, 1.56), (131, 1.57), (129, 1.55), (132, 1.56)], in: [Self.libyuvHD]),
            reference: Self.libyuv([(100, 1.2), (101, 1.19), (99, 1.21), (100, 1.2)], in: [Self.libyuvHD]))
        #expect(outcomes.first?.fails == true)
    }

    @Test func theHarnessIsLibyuvOverEveryCell() throws {
        let cells = [640, 960, 1280, 1600, 1920, 2560].map { EntryCell(converter: "libyuv", width: $0, height: 720) }
        let reference = Self.libyuv([(100, 1.2), (101, 1.2), (99, 1.2), (100, 1.2), (101, 1.2), (99, 1.2)], in: cells)
        // Every cell 20 % slower in every head process: the harness is slower.
        let slower = Self.libyuv([(120, 1.2), (121, 1.2), (119, 1.2), (120, 1.2), (121, 1.2), (119, 1.2)], in: cells)
        let all = try #require(Self.comparison.harness(head: slower, reference: reference))
        #expect(all.cells == cells && all.fails)
        #expect(abs(all.cpu.median - 1.2) < 0.02)
        // One cell of six 30 % slower: 1.3^(1/6) = 1.045 of the harness's figure, within the threshold.
        let one = reference.map { run in
            ReportDocument(
                machineKey: nil,
                benchmarks: run.benchmarks.map { entry in
                    guard entry.cell == cells[0], let cpu = entry.cpuTime else { return entry }
                    return ReportEntry(
                        name: entry.name, samples: [cpu * 1.3], ratiosToFloor: entry.ratiosToFloor,
                        cpuTime: cpu * 1.3, meanTime: cpu * 1.3, cell: entry.cell)
                })
        }
        let diluted = try #require(Self.comparison.harness(head: one, reference: reference))
        #expect(!diluted.fails && diluted.cpu.median > 1.03 && diluted.cpu.median < 1.05)
        // Its own cell moved with its floor (the same ratios to it), so it passes too.
        #expect(Self.comparison.outcomes(head: one, reference: reference).allSatisfy { !$0.fails })
    }

    @Test func theHarnessTakesTheCellsEveryProcessMeasured() throws {
        let wide = EntryCell(converter: "libyuv", width: 1920, height: 1080)
        let both = Self.libyuv([(100, 1.2), (101, 1.2), (99, 1.2), (100, 1.2)], in: [Self.libyuvHD, wide])
        let hdOnly = Self.libyuv([(100, 1.2)], in: [Self.libyuvHD])
        let harness = try #require(Self.comparison.harness(head: both, reference: Array(both.dropFirst()) + hdOnly))
        #expect(harness.cells == [Self.libyuvHD])
        let withoutLibyuv = GateComparison(threshold: 0.05, converters: ["simd"])
        #expect(withoutLibyuv.harness(head: both, reference: both) == nil)
        #expect(Self.comparison.harness(head: both, reference: []) == nil)
    }

    @Test func theHarnessIsJudgedPairByPair() throws {
        // The machine slows 10 % a pair over the run; each pair's head is within 1 % of its reference.
        let drift = [100.0, 110, 121, 133, 146, 161]
        let noise = [1.00, 1.01, 0.99, 1.00, 1.01, 0.99]
        let reference = Self.libyuv(drift.map { ($0, 1.2) }, in: [Self.libyuvHD])
        let head = Self.libyuv(zip(drift, noise).map { ($0 * $1, 1.2) }, in: [Self.libyuvHD])
        let harness = try #require(Self.comparison.harness(head: head, reference: reference))
        #expect(harness.cpu.count == 6 && harness.cpu.lower > 0.98 && harness.cpu.upper < 1.02)
        #expect(!harness.fails && !Self.comparison.isUndecided([], harness: harness))
        // The same processes taken as two unpaired samples could not tell: the drift spans 1.6×.
        let unpaired = try #require(ShiftEstimate.ratio(of: head.map { $0.benchmarks[0].cpuTime! }, to: drift))
        #expect(unpaired.lower < 1 / 1.05 && unpaired.upper > 1.05)
    }

    @Test func anUndecidedHarnessAsksForMorePairs() throws {
        // Five pairs 6-10 % slower, one 7 % faster: no cell, only the harness, across the threshold.
        let head = Self.libyuv(
            [(108, 1.2), (107, 1.2), (109, 1.2), (99, 1.2), (108, 1.2), (107, 1.2)], in: [Self.libyuvHD])
        let reference = Self.libyuv(
            [(100, 1.2), (101, 1.2), (99, 1.2), (106, 1.2), (100, 1.2), (101, 1.2)], in: [Self.libyuvHD])
        let harness = try #require(Self.comparison.harness(head: head, reference: reference))
        #expect(harness.isConclusive && !harness.fails && harness.cpu.lower <= 1.05 && harness.cpu.upper > 1.05)
        #expect(Self.comparison.isUndecided([], harness: harness))
        #expect(!Self.comparison.isUndecided([]))
    }

    @Test func fewerThanSixPairsDoNotJudgeTheHarness() throws {
        // Every pair 20 % slower, but 5 pairs give no 95 % interval of their median (2 / 2⁵ = 6.25 %).
        let head = Self.libyuv([(120, 1.2), (121, 1.2), (119, 1.2), (120, 1.2), (121, 1.2)], in: [Self.libyuvHD])
        let reference = Self.libyuv([(100, 1.2), (101, 1.2), (99, 1.2), (100, 1.2), (101, 1.2)], in: [Self.libyuvHD])
        let five = try #require(Self.comparison.harness(head: head, reference: reference))
        #expect(!five.isConclusive && !five.fails && five.cpu.lower > 1.05)
        #expect(Self.comparison.isUndecided([], harness: five))
        let six = try #require(
            Self.comparison.harness(
                head: head + Self.libyuv([(120, 1.2)], in: [Self.libyuvHD]),
                reference: reference + Self.libyuv([(100, 1.2)], in: [Self.libyuvHD])))
        #expect(six.isConclusive && six.fails)
    }

    @Test func eachCellHasItsYardstick() {
        #expect(Yardstick(of: Self.libyuvHD) == .floor)
        #expect(Yardstick(of: Self.hd) == .libyuv)
        let figures = ProcessFigures(cpu: 100, wall: 100, cpuToLibyuv: 0.8, toFloor: 1.2)
        #expect(Yardstick.floor.figure(in: figures) == 1.2 && Yardstick.libyuv.figure(in: figures) == 0.8)
    }

    @Test func aSlowdownOfTheConverterAloneFails() {
        // simd 20 % slower against libyuv in every head process, libyuv unchanged.
        let outcomes = Self.comparison.outcomes(
            head: Self.withLibyuv([(0.96, 100), (0.97, 101), (0.95, 99), (0.96, 100)]),
            reference: Self.withLibyuv([(0.80, 100), (0.81, 101), (0.79, 99), (0.80, 100)]))
        #expect(outcomes.first { $0.cell == Self.hd }?.fails == true)
        #expect(outcomes.first { $0.cell.converter == "libyuv" }?.fails == false)
    }

    @Test func convertersNotGatedAreLeftOut() {
        let floor = EntryCell(converter: "floor", width: 1280, height: 720)
        let outcomes = Self.comparison.outcomes(
            head: [200.0, 201, 199, 202].map { Self.run([floor: $0]) },
            reference: [100.0, 101, 99, 102].map { Self.run([floor: $0]) })
        #expect(outcomes.isEmpty)
    }

    @Test func threadUseFailsOnlyWhenEveryProcessRanOnOneThread() {
        let cell = EntryCell(converter: "parallel", width: 1920, height: 1080)
        func run(cpu: Double, wall: Double) -> ReportDocument {
            ReportDocument(
                machineKey: nil,
                benchmarks: [
                    ReportEntry(
                        name: "convert/parallel/1920x1080", samples: [wall], cpuTime: cpu, meanTime: wall, cell: cell)
                ], cores: 2, parallelMinimumPixels: 1_000_000)
        }
        let lost = ThreadUse.checks([run(cpu: 100, wall: 98), run(cpu: 100, wall: 95)], converters: ["parallel"])
        #expect(lost.count == 1 && lost[0].lostThreads)
        let kept = ThreadUse.checks([run(cpu: 100, wall: 98), run(cpu: 180, wall: 100)], converters: ["parallel"])
        #expect(kept.count == 1 && !kept[0].lostThreads)
    }
}
