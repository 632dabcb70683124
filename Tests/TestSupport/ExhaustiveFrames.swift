import ConverterChecks
import Frames

/// The exhaustive inputs of the check harness (`ConverterChecks.ExhaustiveFrames`).
public typealias ExhaustiveFrames = ConverterChecks.ExhaustiveFrames
