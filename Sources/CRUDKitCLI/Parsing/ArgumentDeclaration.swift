/// One declared argument, as the parser matches it and the help shows it.
struct ArgumentDeclaration {
    /// How the argument appears on the command line.
    enum Kind: Equatable {
        /// `--name VALUE` or `--name=VALUE`; `repeating` when it may be given more than once.
        case option(valueName: String, repeating: Bool)
        /// `--name`, with no value.
        case flag
        /// A word in its place among the positional words; `optional` when it may be left out.
        case positional(optional: Bool)
    }

    /// `notes` for `--notes`; `TITLE` for a positional argument.
    let name: String
    let kind: Kind
    /// What the argument is for, shown in the help. Line breaks are kept.
    let help: String

    /// Whether it is a word in its place rather than a `--name`.
    var isPositional: Bool {
        if case .positional = kind { return true }
        return false
    }

    /// How the argument is written on the command line: `--notes`, `TITLE`.
    var spelling: String { isPositional ? name : "--" + name }

    /// How the argument is shown in a usage line: `[--notes TEXT]`, `TITLE`, `[LEVEL]`.
    var usage: String {
        switch kind {
        case .option(let valueName, let repeating): "[--\(name) \(valueName)\(repeating ? " ..." : "")]"
        case .flag: "[--\(name)]"
        case .positional(let optional): optional ? "[\(name)]" : name
        }
    }

    /// How the argument is shown in the list of options: `--notes TEXT`.
    var label: String {
        switch kind {
        case .option(let valueName, _): "--\(name) \(valueName)"
        case .flag: "--\(name)"
        case .positional: name
        }
    }
}

/// A property wrapper that declares one argument and keeps the value parsed for it.
protocol DeclaredArgument {
    var declaration: ArgumentDeclaration { get }
    /// Takes the words given for the argument: an option's values, one empty word per
    /// occurrence of a flag, or a positional argument's word. Called at most once.
    func take(_ words: [String]) throws(UsageError)
}

/// Where a property wrapper keeps its parsed value: a reference, so that the parser can
/// fill in the wrappers of a command it holds as a value.
final class ParsedValue<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
