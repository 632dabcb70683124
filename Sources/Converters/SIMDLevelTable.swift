import SIMDRows
import SIMDRowsAVX2
import SIMDRowsAVX512
import SIMDRowsAVX512VBMI

/// The SIMD levels FrameBench builds, one row each, lowest first: the
/// only place that names a level's module. The SIMD converter and the
/// memory floors call a level through its row; the level's name, its
/// order and the CPU flags it needs are `SIMDLevel`'s. A new level is its
/// module (a tag, the kernel and floor instances, a `SIMDLevelKernels`),
/// a `SIMDLevel` case with its flags, and a row here.
public enum SIMDLevelTable {
    /// Every level's code, in `SIMDLevel.allCases` order.
    public static let rows: [SIMDLevelKernels] = [.baseline, .avx2, .avx512, .avx512vbmi]

    /// The row of `level`.
    public static func kernels(for level: SIMDLevel) -> SIMDLevelKernels {
        guard let row = rows.first(where: { $0.level == level }) else {
            preconditionFailure("SIMDLevelTable has no row for \(level)")
        }
        return row
    }
}
