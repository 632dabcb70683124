extension FileVerdict {
    /// This verdict with what was judged elsewhere added: `failures` (in
    /// frame order among the others; one of the whole file first) and the
    /// converters in `skipped` that refused the file's cases.
    public func adding(failures more: [CheckFailure], skipped refused: [String]) -> FileVerdict {
        var verdict = FileVerdict(
            path: path, frames: frames, md5Checked: md5Checked, goldenChecked: goldenChecked,
            failures: (failures + more).sorted { ($0.frame ?? -1) < ($1.frame ?? -1) }, skipped: skipped + refused,
            timestamps: timestamps, deviations: deviations)
        verdict.witness = witness
        verdict.track = track
        return verdict
    }
}
