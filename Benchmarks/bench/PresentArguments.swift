import ArgumentParser
import Presentation

extension StampingPolicy: ExpressibleByArgument {}

/// A `--scenario` value: one of `DeliveryScenario.format`.
struct ScenarioArgument: ExpressibleByArgument {
    /// The spelling as given.
    let text: String

    /// `argument` when it parses as a scenario, else nil.
    init?(argument: String) {
        guard DeliveryScenario(parsing: argument) != nil else { return nil }
        text = argument
    }

    /// The scenario, with `seed` for `jitter`.
    func scenario(seed: UInt64) -> DeliveryScenario { DeliveryScenario(parsing: text, seed: seed)! }

    /// How a value looks, for help texts.
    static let format = DeliveryScenario.format

    /// The spelling, as a default shows in help texts.
    var defaultValueDescription: String { text }
}
