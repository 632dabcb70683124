import Measurement
import Testing

@Suite struct RoundOrderTests {
    @Test(
        "every round is a permutation; over a period every contender holds every position equally often and follows every other equally often",
        arguments: 1...9)
    func balanced(count: Int) {
        let period = RoundOrder.period(count)
        var positions = [[Int]](repeating: [Int](repeating: 0, count: count), count: count)
        var follows = [[Int]](repeating: [Int](repeating: 0, count: count), count: count)
        for round in 0..<period {
            let order = RoundOrder.order(round: round, count: count)
            #expect(order.sorted() == Array(0..<count), "round \(round): \(order)")
            for (position, contender) in order.enumerated() { positions[contender][position] += 1 }
            for (before, after) in zip(order, order.dropFirst()) { follows[before][after] += 1 }
        }
        let timesInPosition = period / count
        #expect(positions.allSatisfy { $0.allSatisfy { $0 == timesInPosition } }, "\(positions)")
        let timesAfter = count % 2 == 0 ? 1 : 2
        for before in 0..<count {
            for after in 0..<count where after != before {
                #expect(
                    follows[before][after] == timesAfter, "\(after) after \(before): \(follows[before][after]) times")
            }
        }
    }
}
