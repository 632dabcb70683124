import Converters
import SIMDRows

#if canImport(Glibc)
import Glibc
#endif

/// The environment variables that change what `bench` measures: an
/// unknown value is refused (one line, exit 2) rather than silently
/// replaced by the default.
enum EnvironmentSettings {
    /// Exits with a usage failure when `FRAMEBENCH_SIMD` or
    /// `FRAMEBENCH_STORES` is set to a value that names nothing.
    static func check() {
        if let value = variable(SIMDLevel.environmentVariable), SIMDLevel(environmentValue: value) == nil {
            refuse(SIMDLevel.environmentVariable, value, choices: SIMDLevel.allCases.map(\.rawValue))
        }
        if let value = variable(SIMDStorePolicy.environmentVariable), SIMDStorePolicy(environmentValue: value) == nil {
            refuse(SIMDStorePolicy.environmentVariable, value, choices: SIMDStorePolicy.allCases.map(\.rawValue))
        }
    }

    /// The value of the environment variable `name`, if set.
    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Prints the refusal and exits.
    private static func refuse(_ name: String, _ value: String, choices: [String]) -> Never {
        Output.error("\(name)=\(value) names nothing; use one of \(choices.joined(separator: ", ")) (or unset it)")
        exit(UsageFailure.exitCode)
    }
}
