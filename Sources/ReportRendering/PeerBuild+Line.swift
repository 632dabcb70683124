import Reports

extension ReportContext.PeerBuild {
    /// One line for the report's header: `libyuv 1857: HOW`, or the reason
    /// the build is missing and that the run goes on without it.
    var line: String {
        guard let version else { return "\(build); measured without it" }
        return "\(converter) \(version): \(build)" + (measured ? "" : " (not measured in this run)")
    }
}
