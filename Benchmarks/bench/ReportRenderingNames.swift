import ReportRendering

// JSONReport.swift, CompareFormat.swift and GatePlan.swift use `Format` and
// `Table` without importing ReportRendering; they are being rewritten on
// another branch, so this target names the two types for them here instead
// of editing them. Once they import ReportRendering, these aliases can go.

/// ReportRendering's number formatting, under its name in this target.
typealias Format = ReportRendering.Format

/// ReportRendering's aligned text table, under its name in this target.
typealias Table = ReportRendering.Table
