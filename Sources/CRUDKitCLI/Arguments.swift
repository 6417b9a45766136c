/// The words after a command, read the way every crudkit command reads them:
/// `--name value`, `--name=value`, and bare `--flag`s; everything else is positional.
struct Arguments {
    private var words: [String]
    /// Words after a lone `--`: always positional, even when they start with a dash.
    private var literal: [String] = []

    init(_ words: [String]) {
        if let separator = words.firstIndex(of: "--") {
            self.words = Array(words[..<separator])
            literal = Array(words[(separator + 1)...])
        } else {
            self.words = words
        }
    }

    /// Removes and returns the positional words (those not starting with `-`), in order.
    /// Call it after reading every option, so option values are not taken for positionals.
    mutating func positionals() -> [String] {
        let found = words.filter { !$0.hasPrefix("-") || $0 == "-" }
        words.removeAll { !$0.hasPrefix("-") || $0 == "-" }
        defer { literal = [] }
        return found + literal
    }

    /// Removes `--name` and returns whether it was there.
    mutating func flag(_ name: String) -> Bool {
        guard let index = words.firstIndex(of: "--\(name)") else { return false }
        words.remove(at: index)
        return true
    }

    /// Removes `--name VALUE` or `--name=VALUE` and returns the value, if given.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        let long = "--\(name)"
        if let index = words.firstIndex(where: { $0.hasPrefix(long + "=") }) {
            let value = String(words[index].dropFirst(long.count + 1))
            words.remove(at: index)
            return value
        }
        guard let index = words.firstIndex(of: long) else { return nil }
        guard index + 1 < words.count else { throw UsageError("\(long) needs a value.") }
        let value = words[index + 1]
        words.removeSubrange(index...(index + 1))
        return value
    }

    /// An option whose value must be one of `choices`.
    mutating func choice(_ name: String, among choices: [String], default fallback: String) throws(UsageError) -> String {
        guard let value = try option(name) else { return fallback }
        guard choices.contains(value) else { throw .unknown("value for --\(name)", value, among: choices) }
        return value
    }

    /// Throws for anything left over, naming the closest known option.
    func finish(knownOptions: [String]) throws(UsageError) {
        guard let word = words.first else { return }
        if word.hasPrefix("-") {
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            throw .unknown("option", name, among: knownOptions.map { "--\($0)" })
        }
        throw UsageError("unexpected argument '\(word)'.")
    }
}
