import Converters
import Frames

/// The matrix × orientation combinations a converter refused as
/// unsupported during a check, for the outcome's note, and the one step
/// every check takes a case by (`attempt`).
struct UnsupportedCases {
    /// A case failed with an error other than a refusal.
    struct CaseFailure: Error, CustomStringConvertible {
        /// `ERROR at CASE`.
        let description: String
    }

    /// One case of a check: names it to `context` (`beginCase`), then runs
    /// `convert`. A refusal (`unsupported`) of `matrix` with `orientation`
    /// is recorded and the case skipped, unless the combination converted
    /// at an earlier case (a converter offers a combination or not); any
    /// other error fails the check.
    /// - Returns: whether the case converted (false: skip it).
    /// - Throws: `CaseFailure`, `ERROR at LABEL`.
    mutating func attempt(
        _ label: String, _ matrix: ColorMatrix, _ orientation: Orientation, in context: CheckContext,
        _ convert: () throws(ConversionError) -> Void
    ) throws(CaseFailure) -> Bool {
        context.beginCase(label)
        do {
            try convert()
        } catch .unsupported {
            if convertedCombinations.contains(where: { $0 == matrix && $1 == orientation }) {
                throw CaseFailure(
                    description:
                        "refused \(orientation.name) with \(matrix.name) as unsupported at \(label) after converting it at an earlier case"
                )
            }
            refused(matrix, orientation)
            return false
        } catch {
            throw CaseFailure(description: "\(error) at \(label)")
        }
        if !convertedCombinations.contains(where: { $0 == matrix && $1 == orientation }) {
            convertedCombinations.append((matrix, orientation))
        }
        return true
    }

    private(set) var combinations: [(ColorMatrix, Orientation)] = []
    private var convertedCombinations: [(ColorMatrix, Orientation)] = []
    private var anyConverted: Bool { !convertedCombinations.isEmpty }

    /// Whether every conversion tried was refused.
    var allRefused: Bool { !combinations.isEmpty && !anyConverted }

    /// Records that `matrix` with `orientation` was refused.
    mutating func refused(_ matrix: ColorMatrix, _ orientation: Orientation) {
        if !combinations.contains(where: { $0 == matrix && $1 == orientation }) {
            combinations.append((matrix, orientation))
        }
    }

    /// Whether `matrix` with `orientation` was refused before.
    func isRefused(_ matrix: ColorMatrix, _ orientation: Orientation) -> Bool {
        combinations.contains { $0 == matrix && $1 == orientation }
    }

    /// `unsupported ORIENTATIONS with MATRICES` (`with every matrix` when
    /// all of `matrices` were refused), or empty when nothing was refused.
    func note(of matrices: [ColorMatrix]) -> String {
        guard !combinations.isEmpty else { return "" }
        var orientations: [String] = []
        var names: [String] = []
        for (matrix, orientation) in combinations {
            if !orientations.contains(orientation.name) { orientations.append(orientation.name) }
            if !names.contains(matrix.name) { names.append(matrix.name) }
        }
        let every = matrices.count > 1 && names.count == Set(matrices).count
        return "unsupported \(orientations.joined(separator: ", ")) with "
            + (every ? "every matrix" : names.joined(separator: ", "))
    }
}
