import Measurement
import Streams
import Testing

@Suite struct StreamRunRatiosTests {
    @Test("a stream run's ratios pair each frame (pass) with its own decode and skip pairs without a decode time")
    func streamRunRatios() {
        #expect(StreamRun.ratios([10, 30, 8], over: [5, 10, 0]) == [2, 3])
        #expect(StreamRun.ratios([4], over: []) == [])
    }
}
