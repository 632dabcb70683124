import Foundation
import Statistics
import Testing

@Suite struct ShiftEstimateTests {
    /// A reproducible pseudo-random sequence (a 64-bit LCG's high bits).
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    /// Ranks of the 95 % interval from the published two-sided 5 % critical
    /// values of U (e.g. Conover, Practical Nonparametric Statistics, table
    /// A7; Siegel and Castellan, table J) plus one: 5 and 5 have U = 2,
    /// 8 and 8 U = 13, 10 and 10 U = 23, 20 and 20 U = 127, 6 and 9 U = 10.
    @Test(
        "exact ranks match the Mann–Whitney tables, whichever sample is the new one",
        arguments: [(5, 5, 3), (8, 8, 14), (10, 10, 24), (20, 20, 128), (6, 9, 11), (9, 6, 11)])
    func exactRanks(new: Int, base: Int, rank: Int) {
        #expect(ShiftInterval.rank(newCount: new, baseCount: base) == rank)
    }

    @Test("too few samples for 95 %: the whole range (rank 1)", arguments: [(1, 1), (3, 3), (2, 7), (1, 30)])
    func tiny(new: Int, base: Int) {
        #expect(ShiftInterval.rank(newCount: new, baseCount: base) == 1)
    }

    @Test("large counts use the normal approximation ⌊nm/2 − 1.96√(nm(n+m+1)/12)⌋")
    func normalApproximation() {
        // 500000 − 1.96 × √(10⁶ × 2001 / 12) = 500000 − 25309.8…
        #expect(ShiftInterval.rank(newCount: 1000, baseCount: 1000) == 474_690)
        // 100 × 300: 15000 − 1.96 × √(30000 × 401 / 12) = 15000 − 1962.4…
        #expect(ShiftInterval.rank(newCount: 100, baseCount: 300) == 13_037)
    }

    @Test("the exact and approximate ranks agree near the switch-over")
    func switchOver() {
        let exact = ShiftInterval.rank(newCount: 50, baseCount: 50)  // 2500 pairs: exact
        let spread = (2500.0 * 101 / 12).squareRoot()
        let approximate = Int((1250 - 1.96 * spread).rounded(.down))
        #expect(abs(exact - approximate) <= 2, "exact \(exact), normal \(approximate)")
    }

    @Test(
        "the k-th smallest difference equals the brute-force O(nm) listing's, ties included",
        arguments: 0..<40)
    func selectionMatchesBruteForce(seed: Int) {
        var random = Seeded(state: UInt64(seed) &* 0x9E37_79B9 &+ 7)
        let n = Int.random(in: 1...17, using: &random)
        let m = Int.random(in: 1...17, using: &random)
        // Even seeds: a few integer values, so many differences tie.
        let value = { (random: inout Seeded) -> Double in
            seed % 2 == 0 ? Double(Int.random(in: 0...4, using: &random)) : Double.random(in: -10...10, using: &random)
        }
        let x = (0..<n).map { _ in value(&random) }
        let y = (0..<m).map { _ in value(&random) }
        let brute = x.flatMap { a in y.map { b in a - b } }.sorted()
        let differences = PairwiseDifferences(x, minus: y)
        #expect(differences.count == n * m)
        for rank in 1...(n * m) {
            #expect(differences.smallest(rank) == brute[rank - 1], "rank \(rank) of \(x) − \(y)")
        }
    }

    @Test("NEW = BASE × 1.2 exactly gives 1.2, inside its interval")
    func knownFactor() throws {
        var random = Seeded(state: 42)
        let base = (0..<200).map { _ in Double.random(in: 400...600, using: &random) }
        let estimate = try #require(ShiftEstimate.ratio(of: base.map { $0 * 1.2 }, to: base))
        #expect(abs(estimate.median - 1.2) < 1e-12)
        #expect(estimate.lower < 1.2 && estimate.upper > 1.2)
        #expect(estimate.lower > 1.1 && estimate.upper < 1.3)
        #expect(estimate.count == 200)
    }

    @Test("identical samples give exactly 1, inside the interval")
    func identical() throws {
        let base = (1...30).map { 100 + Double($0 * $0 % 17) }
        let estimate = try #require(ShiftEstimate.ratio(of: base.shuffled(), to: base))
        #expect(estimate.median == 1)
        #expect(estimate.lower < 1 && estimate.upper > 1)
    }

    @Test("1000 × 1000 samples: the ratio of two shifted sets, without listing the million pairs")
    func large() throws {
        var random = Seeded(state: 7)
        let base = (0..<1000).map { _ in 480 * exp(Double.random(in: 0...0.2, using: &random)) }
        let new = (0..<1000).map { _ in 0.8 * 480 * exp(Double.random(in: 0...0.2, using: &random)) }
        let estimate = try #require(ShiftEstimate.ratio(of: new, to: base))
        #expect(estimate.lower <= estimate.median && estimate.median <= estimate.upper)
        #expect(estimate.lower < 0.8 && estimate.upper > 0.8, "\(estimate)")
        #expect(estimate.upper / estimate.lower < 1.03, "\(estimate)")
    }

    @Test("different counts: count is the smaller one; constant samples give their ratio with no spread")
    func unequalCounts() throws {
        let estimate = try #require(
            ShiftEstimate.ratio(
                of: [Double](repeating: 50, count: 7),
                to: [Double](repeating: 100, count: 12)))
        #expect(abs(estimate.median - 0.5) < 1e-12 && estimate.count == 7)
        #expect(estimate.lower == estimate.median && estimate.upper == estimate.median)
    }

    @Test("samples without a logarithm are left out; none left gives nil")
    func unusableSamples() throws {
        let estimate = try #require(ShiftEstimate.ratio(of: [0, -1, 2, .infinity, .nan], to: [1]))
        #expect(estimate.median == 2 && estimate.count == 1)
        #expect(ShiftEstimate.ratio(of: [0, -3], to: [1, 2]) == nil)
        #expect(ShiftEstimate.ratio(of: [1], to: []) == nil)
    }
}

@Suite struct ShiftConfidenceTests {
    @Test("4 against 4 samples can reach 95 %, 3 against 3 or 1 against many cannot")
    func smallestCounts() {
        #expect(ShiftInterval.reachesConfidence(newCount: 4, baseCount: 4))  // 2 / C(8, 4) = 2 / 70
        #expect(!ShiftInterval.reachesConfidence(newCount: 3, baseCount: 3))  // 2 / 20
        #expect(!ShiftInterval.reachesConfidence(newCount: 1, baseCount: 1))
        #expect(!ShiftInterval.reachesConfidence(newCount: 1, baseCount: 38))  // 2 / 39
        #expect(ShiftInterval.reachesConfidence(newCount: 1, baseCount: 39))  // 2 / 40
        #expect(!ShiftInterval.reachesConfidence(newCount: 2, baseCount: 7))  // 2 / C(9, 2) = 2 / 36
        #expect(ShiftInterval.reachesConfidence(newCount: 8, baseCount: 2))  // 2 / C(10, 2) = 2 / 45
        #expect(!ShiftInterval.reachesConfidence(newCount: 3, baseCount: 4))  // 2 / C(7, 3) = 2 / 35
        #expect(ShiftInterval.reachesConfidence(newCount: 3, baseCount: 5))  // 2 / C(8, 3) = 2 / 56
        #expect(ShiftInterval.reachesConfidence(newCount: 1000, baseCount: 1000))
    }
}
