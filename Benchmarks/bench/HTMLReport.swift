/// Placeholder: replaced below.
enum HTMLReport {
    static func render(_ report: Report) -> String { "" }
}
