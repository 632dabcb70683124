import Measurement

extension RunBudget {
    /// A budget of a few rounds and no time: for tests of what is
    /// measured, not of how fast.
    static var tiny: RunBudget {
        var budget = RunBudget()
        budget.warmupRounds = 1
        budget.minFrames = 3
        budget.maxFrames = 3
        budget.seconds = 0
        return budget
    }
}
