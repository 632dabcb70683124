import Foundation
import Reports

extension ReportContext {
    /// A context holding `machine`'s fields (Google Benchmark's, the
    /// machine key, the CPU's identity and the SIMD path), this executable's path and `date`;
    /// the run's settings are left unset.
    public init(machine: MachineInfo, date: String) {
        self.init()
        self.date = date
        hostName = machine.hostName
        executable = CommandLine.arguments.first ?? "bench"
        cores = machine.cores
        megahertz = Int(machine.megahertz.rounded())
        cpuScalingEnabled = false
        caches = machine.caches.map { Cache(type: $0.type, level: $0.level, size: $0.size, sharing: $0.sharing) }
        loadAverage = machine.loadAverage
        buildType = machine.build
        cpuModel = machine.cpuModel
        machineKey = machine.key.description
        cpuIdentity = "\(machine.key.vendor) family \(machine.key.family) model \(machine.key.model)"
        simdPath = machine.simdPath
    }

    /// `now` as a context's `date` holds it: ISO 8601, local time with its offset.
    public static func date(_ now: Date) -> String {
        ISO8601DateFormatter.string(from: now, timeZone: .current, formatOptions: [.withInternetDateTime])
    }
}
