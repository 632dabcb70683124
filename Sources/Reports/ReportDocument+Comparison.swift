extension ReportDocument {
    /// A document of `benchmarks` measured on the kind of machine
    /// `machineKey`, with `cores` and the parallel converter's smallest
    /// split frame, and the cells left out: what comparing runs reads.
    /// - Precondition: no two entries share a name.
    public init(
        machineKey: String?, benchmarks: [ReportEntry], cores: Int? = nil, parallelMinimumPixels: Int? = nil,
        notMeasured: [NotMeasuredCell] = []
    ) {
        precondition(Set(benchmarks.map(\.name)).count == benchmarks.count, "two entries share a name")
        var context = ReportContext()
        context.machineKey = machineKey
        context.cores = cores
        context.parallelMinimumPixels = parallelMinimumPixels
        self.init(context: context, benchmarks: benchmarks, notMeasured: notMeasured)
    }

    /// `context.machine_key`, naming the kind of machine (CPU, cores, SIMD
    /// level); nil when the report has none.
    public var machineKey: String? { context.machineKey }

    /// The cells the run left out (`not_measured`), each with the report's
    /// reason (`unsupported`, `failed (status N)`).
    public var notMeasuredReasons: [EntryCell: String] {
        Dictionary(notMeasured.map { ($0.cell, $0.reason) }, uniquingKeysWith: { _, last in last })
    }

    /// The entry called `name`, if any.
    public func entry(named name: String) -> ReportEntry? {
        benchmarks.first { $0.name == name }
    }
}
