import Foundation

/// The baseline file: one `Baseline` per kind of machine (`MachineKey`),
/// because a ratio to libyuv depends on the CPU (`scalar` took 12× libyuv's
/// CPU time at 1920×1080 on one AMD EPYC VM and 19× on another that KVM
/// names alike), so one machine's numbers are too loose or too strict for
/// another. Encoding and decoding only: reading and writing the file is the
/// caller's.
public struct BaselineFile: Codable, Sendable, Equatable {
    /// What the file holds, for people.
    public var about: String
    /// `MachineKey.description` → the baseline measured on that kind of
    /// machine (keys written before machines were told apart by family and
    /// model name the CPU model only; they only count for the fallback).
    public var machines: [String: Baseline]

    /// An empty file.
    public init() {
        about = """
            Per kind of machine (CPU vendor, family and model from /proc/cpuinfo, cores, SIMD level), the \
            same-run CPU-time ratios to libyuv that `bench gate` compares with. The gate uses its own \
            machine's entry; on a machine with none it uses, per cell, the loosest of all entries. \
            `bench gate --update-baseline` writes the entry of the machine it runs on and keeps the others.
            """
        machines = [:]
    }

    /// Why bytes are not a baseline file.
    public struct DecodingFailure: Error, CustomStringConvertible {
        /// One plain line.
        public let description: String
    }

    /// The file encoded in `data`.
    /// - Throws: `DecodingFailure` naming what is wrong (not JSON, or
    ///   JSON without the `about` and `machines` of a baseline file).
    public init(decoding data: Data) throws(DecodingFailure) {
        guard (try? JSONSerialization.jsonObject(with: data)) != nil else {
            throw DecodingFailure(description: "not JSON")
        }
        do {
            self = try JSONDecoder().decode(BaselineFile.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw DecodingFailure(description: "not a baseline file: no '\(Self.path(context.codingPath + [key]))'")
        } catch let DecodingError.typeMismatch(_, context) {
            throw DecodingFailure(description: "not a baseline file: wrong type at '\(Self.path(context.codingPath))'")
        } catch let DecodingError.valueNotFound(_, context) {
            throw DecodingFailure(description: "not a baseline file: no value at '\(Self.path(context.codingPath))'")
        } catch {
            throw DecodingFailure(description: "not a baseline file")
        }
    }

    /// A coding path as `machines.KEY.ratios`.
    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    /// The file as pretty-printed JSON with sorted keys and a trailing newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// The gated ratios for the machine `key`: its own entry, or for a
    /// machine without one the largest ratio of each cell over all entries.
    /// Nil when the file has no entries.
    public func limits(for key: MachineKey) -> BaselineLimits? {
        if let own = machines[key.description] {
            return BaselineLimits(ratios: own.cells, source: .own(key: key.description, date: own.date, runs: own.runs))
        }
        guard !machines.isEmpty else { return nil }
        var loosest: [GateCell: Double] = [:]
        for baseline in machines.values {
            for (cell, ratio) in baseline.cells { loosest[cell] = max(loosest[cell] ?? 0, ratio) }
        }
        return BaselineLimits(ratios: loosest, source: .loosest(key: key.description, entries: machines.count))
    }
}

/// The baseline ratios one gate run is held to, and where they come from.
public struct BaselineLimits: Sendable, Equatable {
    /// Where the ratios come from.
    public enum Source: Sendable, Equatable, CustomStringConvertible {
        /// The machine's own entry, written on `date` from `runs` runs.
        case own(key: String, date: String, runs: Int)
        /// No entry for `key`: per cell, the loosest of `entries` entries.
        case loosest(key: String, entries: Int)

        /// A phrase for the gate's header line.
        public var description: String {
            switch self {
            case .own(let key, let date, let runs): "entry '\(key)' (\(date), \(runs) runs)"
            case .loosest(let key, let entries):
                "no entry for '\(key)': the loosest of \(entries) machines' entries, per cell"
            }
        }
    }

    /// Baseline CPU-time ratio to libyuv per cell.
    public let ratios: [GateCell: Double]
    /// Where they come from.
    public let source: Source
}
