/// The order in which the contenders of an interleaved run take their turn
/// in each round: a balanced Latin square (Williams design).
///
/// A contender's time depends on what ran just before it (dirty lines it
/// must write back, an input already in cache, a core left idle), so a
/// fixed order, even rotated, would favour some contenders over others.
/// Over every `period(count)` rounds, each contender runs once in every
/// position and straight after every other contender equally often: once
/// for an even count over `count` rounds, twice for an odd count over
/// `2 × count` rounds.
public enum RoundOrder {
    /// Rounds after which the pattern repeats: `count` for an even count,
    /// `2 × count` for an odd one.
    public static func period(_ count: Int) -> Int {
        count % 2 == 0 ? count : 2 * count
    }

    /// The contender indices `0 ..< count` in the order of round `round`.
    public static func order(round: Int, count: Int) -> [Int] {
        guard count > 0 else { return [] }
        // The first row 0, 1, n-1, 2, n-2, ... shifted by the round; odd
        // counts also need each row reversed to balance the neighbours.
        let shift = round % count
        let row = (0..<count).map { position in
            let base = position % 2 == 1 ? (position + 1) / 2 : (count - position / 2) % count
            return (base + shift) % count
        }
        let reversed = count % 2 == 1 && (round / count) % 2 == 1
        return reversed ? row.reversed() : row
    }
}
