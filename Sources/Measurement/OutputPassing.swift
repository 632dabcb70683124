import Frames

/// Which output each slot of an interleaved run writes: the slots whose
/// outputs have the same size and stride (converters and floors' methods
/// alike) form a group, and the run goes in stretches of rounds
/// (`stretchRounds(expectedRounds:)`); in each stretch every slot writes
/// one output of its group, and from one stretch to the next the outputs
/// move one place along the group, so that over a cell each slot writes
/// as many of its group's outputs as there were stretches (every one of
/// them once the stretches outnumber the group), each for as many rounds
/// as nearly as the warm-up's pace foretells the cell's rounds (a cell
/// that runs more begins another cycle, one that runs fewer cuts its last
/// stretch short).
///
/// Where the host placed an output can make every write into it slower or
/// faster for as long as the process runs (docs/measurements.md, "Where an
/// output lies"; `scripts/placement-probe.c`). A contender that kept one
/// output for a whole cell carried that output's luck in all its times,
/// and a floor that keeps the fastest of its methods picked the luckiest
/// of its outputs.
///
/// A stretch's first rounds find outputs where their previous writer left
/// them (in the cache or, after streaming stores, in memory), so each
/// stretch after the first begins with `settleRounds` untimed rounds.
struct OutputPassing {
    /// For each slot, the slots of its group in order, and its place there.
    private let groups: [(members: [Int], place: Int)]

    /// Untimed rounds at the start of each stretch after the first (a
    /// round writes every output once). On the AMD EPYC kind one settled
    /// the floor's outputs (docs/measurements.md, "Where an output lies").
    /// On the AMD Zen 5 kind, into a 640x480 output that streaming stores
    /// wrote last, ordinary stores took 32.8 µs in the median of their
    /// second conversion, 30.7 in their third and about 28 once settled,
    /// and single cases stayed slow up to their fourth (docs/kernel.md,
    /// "Settling"); so a stretch's first timed round can still be slower
    /// there, one sample of at least `shortestStretch`.
    static let settleRounds = 2

    /// The fewest timed rounds in a stretch, so that settling costs at most
    /// a ninth of a cell's rounds.
    static let shortestStretch = 16

    /// The passing for slots whose outputs are `targets` (in slot order).
    init(targets: [BGRAView]) {
        groups = targets.indices.map { index in
            let (size, stride) = (targets[index].size, targets[index].stride)
            let members = targets.indices.filter { targets[$0].size == size && targets[$0].stride == stride }
            return (members, members.firstIndex(of: index)!)
        }
    }

    /// Timed rounds in a stretch of a cell expected to run `expectedRounds`
    /// rounds: as many as let one cycle through the largest group, its
    /// settling rounds included, fit in those rounds, and at least
    /// `shortestStretch`; `Int.max` when no group has two outputs (nothing
    /// passes, so nothing needs settling).
    func stretchRounds(expectedRounds: Int) -> Int {
        let largest = groups.map(\.members.count).max() ?? 1
        guard largest > 1 else { return .max }
        return max(Self.shortestStretch, (expectedRounds - (largest - 1) * Self.settleRounds) / largest)
    }

    /// The slot whose own output slot `index` writes in stretch `stretch`.
    func holder(of index: Int, stretch: Int) -> Int {
        let (members, place) = groups[index]
        return members[(place + stretch) % members.count]
    }
}
