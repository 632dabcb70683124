import Foundation

/// The kind of machine a report was measured on (`machine_key`): the CPU as
/// `/proc/cpuinfo` identifies it (vendor, family, model: hypervisors give
/// different CPUs the same model name, e.g. every AMD EPYC generation is
/// "AMD EPYC" under KVM), the processors available and the SIMD level in
/// use, which together set the ratios to libyuv.
public struct MachineKey: Hashable, Sendable, CustomStringConvertible {
    /// The CPU vendor (`AuthenticAMD`, `GenuineIntel`, an ARM implementer code).
    public let vendor: String
    /// The CPU family (x86 `cpu family`, ARM `CPU architecture`).
    public let family: String
    /// The CPU model (x86 `model`, ARM `CPU part`).
    public let model: String
    /// Processors available to the process.
    public let cores: Int
    /// The SIMD level the `simd` converter runs at.
    public let simdLevel: String

    /// The key of the machine whose `/proc/cpuinfo` text is `cpuinfo`
    /// (the first processor's fields; `unknown` for a missing one).
    public init(cpuinfo: String, cores: Int, simdLevel: String) {
        let fields = CPUInfo(cpuinfo)
        vendor = fields["vendor_id"] ?? fields["CPU implementer"].map { "implementer \($0)" } ?? "unknown"
        family = fields["cpu family"] ?? fields["CPU architecture"] ?? "unknown"
        model = fields["model"] ?? fields["CPU part"] ?? "unknown"
        self.cores = cores
        self.simdLevel = simdLevel
    }

    /// `AuthenticAMD family 26 model 2, 2 cores, simd avx512`: the key's
    /// spelling in the baseline file.
    public var description: String {
        "\(vendor) family \(family) model \(model), \(cores) cores, simd \(simdLevel)"
    }
}

/// The `name : value` fields of the first processor in `/proc/cpuinfo` text.
public struct CPUInfo: Sendable {
    private let fields: [String: String]

    /// The fields of `text` up to the first blank line.
    public init(_ text: String) {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if fields.isEmpty { continue }
                break
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if fields[name] == nil { fields[name] = value }
        }
        self.fields = fields
    }

    /// The value of field `name` (exact name, e.g. `model` is not `model name`).
    public subscript(name: String) -> String? { fields[name] }
}
