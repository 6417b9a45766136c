/// The one way the tool reads a command line: it finds the command the words name, reads
/// the rest into that command's declared arguments, and answers `--help` from them.
///
/// Words are read left to right: `--name VALUE` and `--name=VALUE` for options, `--name` for
/// flags, `--help` or `-h` for help, and everything else, in order, for the positional
/// arguments. After a lone `--`, every word is positional, even `--help`.
enum CommandParser {
    /// What the words asked for.
    enum Outcome {
        /// Run this command, its arguments filled in.
        case run(any ParsableCommand)
        /// Print this help and stop.
        case help(String)
    }

    /// Parses `words` for `command`, whose name and parents' names are `path`
    /// (`["crudkit", "tasks"]`): a word naming a subcommand hands the rest to it.
    static func parse(_ words: [String], as command: any ParsableCommand.Type, path: [String]) throws(UsageError) -> Outcome {
        let subcommands = command.configuration.subcommands
        let instance = command.init()
        let declared = arguments(of: instance)
        if let first = words.first, !first.hasPrefix("-"), !subcommands.isEmpty {
            if let subcommand = subcommands.first(where: { $0.configuration.name == first }) {
                return try parse(Array(words.dropFirst()), as: subcommand, path: path + [first])
            }
            // A command with subcommands and no positional arguments of its own: a word
            // that names none of them is a mistake, never a command of its own.
            if !declared.contains(where: \.declaration.isPositional) {
                let kind = path.count == 1 ? "command" : "subcommand of \(path.dropFirst().joined(separator: " "))"
                throw .unknown(kind, first, among: subcommands.map { $0.configuration.name })
            }
        }
        guard try read(words, into: declared, path: path) else { return .help(CommandHelp.text(for: command, path: path)) }
        try instance.validate()
        return .run(instance)
    }

    /// The arguments `value` declares: its wrapped properties, and those of its groups, in
    /// the order they are written.
    static func arguments(of value: Any) -> [any DeclaredArgument] {
        Mirror(reflecting: value).children.flatMap { child -> [any DeclaredArgument] in
            if let argument = child.value as? any DeclaredArgument { return [argument] }
            if let group = child.value as? any ParsableArguments { return arguments(of: group) }
            return []
        }
    }

    /// The words of a command line, sorted: each option's values by name, the positional
    /// words in order, whether help was asked for, and the first mistake.
    private struct Sorted {
        var named: [String: [String]] = [:]
        var positionals: [String] = []
        var wantsHelp = false
        var mistake: UsageError?

        mutating func note(_ error: UsageError) {
            mistake = mistake ?? error
        }
    }

    /// Sorts `words` against the options and flags in `declared`.
    private static func sort(_ words: [String], against declared: [any DeclaredArgument]) -> Sorted {
        var sorted = Sorted()
        let options = Dictionary(
            declared.filter { !$0.declaration.isPositional }.map { ($0.declaration.name, $0.declaration) }, uniquingKeysWith: { a, _ in a })
        var index = 0
        var literal = false
        while index < words.count {
            let word = words[index]
            index += 1
            if literal || word == "-" || !word.hasPrefix("-") {
                sorted.positionals.append(word)
            } else if word == "--" {
                literal = true
            } else if word == "--help" || word == "-h" {
                sorted.wantsHelp = true
            } else {
                // `--name=VALUE` keeps an empty VALUE: `--notes=` removes the notes.
                let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let spelling = parts[0]
                guard spelling.hasPrefix("--"), let option = options[String(spelling.dropFirst(2))] else {
                    sorted.note(.unknown("option", spelling, among: options.keys.sorted().map { "--" + $0 } + ["--help"]))
                    continue
                }
                if option.kind == .flag {
                    if parts.count == 2 { sorted.note(UsageError("\(spelling) takes no value.")) }
                    sorted.named[option.name, default: []].append("")
                } else if parts.count == 2 {
                    sorted.named[option.name, default: []].append(parts[1])
                } else if index < words.count {
                    sorted.named[option.name, default: []].append(words[index])
                    index += 1
                } else {
                    sorted.note(UsageError("\(spelling) needs a value."))
                }
            }
        }
        return sorted
    }

    /// Fills in `declared` from `words`; false when help was asked for instead.
    private static func read(_ words: [String], into declared: [any DeclaredArgument], path: [String]) throws(UsageError) -> Bool {
        let sorted = sort(words, against: declared)
        if sorted.wantsHelp { return false }
        if let mistake = sorted.mistake { throw mistake }
        for argument in declared where !argument.declaration.isPositional {
            if let values = sorted.named[argument.declaration.name] { try argument.take(values) }
        }
        let places = declared.filter(\.declaration.isPositional)
        for (place, word) in zip(places, sorted.positionals) { try place.take([word]) }
        let missing = places.dropFirst(sorted.positionals.count).filter { $0.declaration.kind == .positional(optional: false) }
        if !missing.isEmpty {
            let names = missing.map {
                ($0.declaration.name.first.map { "AEIOU".contains($0) } == true ? "an " : "a ") + $0.declaration.name
            }
            throw UsageError("\(path.dropFirst().joined(separator: " ")) needs \(names.joined(separator: " and ")).")
        }
        if sorted.positionals.count > places.count { throw UsageError("unexpected argument '\(sorted.positionals[places.count])'.") }
        return true
    }
}
