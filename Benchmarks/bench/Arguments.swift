/// A usage mistake on the command line: reported with the usage text and
/// exit code 2.
struct UsageError: Error, CustomStringConvertible {
    /// The one-line message.
    let description: String
    /// A usage error saying `message`.
    init(_ message: String) { description = message }
}

/// The words after a subcommand, consumed option by option.
///
/// Options are `--name VALUE` or `--name=VALUE`, and flags `--name`;
/// everything else is a positional argument. Unknown options are errors.
struct Arguments {
    private var words: [String]

    /// Arguments over `words` (the words after the subcommand).
    init(_ words: some Sequence<String>) { self.words = Array(words) }

    /// Removes and returns the value of `--name`, or nil when absent (when
    /// given more than once, the last one wins and all are removed).
    mutating func value(_ name: String) throws(UsageError) -> String? {
        var found: String?
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == name {
                guard index + 1 < words.count else { throw UsageError("\(name) needs a value") }
                found = words[index + 1]
                words.removeSubrange(index...index + 1)
            } else if word.hasPrefix(name + "=") {
                found = String(word.dropFirst(name.count + 1))
                words.remove(at: index)
            } else {
                index += 1
            }
        }
        return found
    }

    /// Removes every value of a repeatable `--name`, in command-line order.
    mutating func values(_ name: String) throws(UsageError) -> [String] {
        var all: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == name {
                guard index + 1 < words.count else { throw UsageError("\(name) needs a value") }
                all.append(words[index + 1])
                words.removeSubrange(index...index + 1)
            } else if word.hasPrefix(name + "=") {
                all.append(String(word.dropFirst(name.count + 1)))
                words.remove(at: index)
            } else {
                index += 1
            }
        }
        return all
    }

    /// Removes `--name` and says whether it was there.
    mutating func flag(_ name: String) -> Bool {
        let before = words.count
        words.removeAll { $0 == name }
        return words.count != before
    }

    /// Parses an integer option within `range`.
    mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = try value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// Parses a number option within `range`.
    mutating func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = try value(name) else { return nil }
        guard let number = Double(text), range.contains(number) else {
            throw UsageError("\(name) must be a number in \(range.lowerBound)...\(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// Ends parsing: fails on any option left, returns the positionals.
    mutating func finish() throws(UsageError) -> [String] {
        for word in words where word.hasPrefix("--") && word != "--" {
            throw UsageError("unknown option \(word)")
        }
        return words.filter { $0 != "--" }
    }
}
