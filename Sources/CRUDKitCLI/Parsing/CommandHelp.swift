/// The `--help` of every command, written from its configuration and declared arguments.
enum CommandHelp {
    /// The widest a generated usage line grows before it wraps.
    static let width = 100

    /// The whole help of `command`, named by `path` (`["crudkit", "tasks", "add"]`).
    static func text(for command: any ParsableCommand.Type, path: [String]) -> String {
        let configuration = command.configuration
        let declared = CommandParser.arguments(of: command.init()).map(\.declaration)
        var sections: [String] = []
        if configuration.subcommands.isEmpty {
            sections.append("USAGE: " + (configuration.usage ?? usage(of: command, path: path, indent: 7)))
            sections.append(
                ([configuration.summary] + (configuration.discussion.isEmpty ? [] : [configuration.discussion])).joined(separator: "\n"))
        } else if path.count == 1 {
            sections.append(configuration.summary)
            sections.append("USAGE: " + (configuration.usage ?? "\(path[0]) <command> [options]"))
            let names = configuration.subcommands.map { $0.configuration }
            let width = names.map(\.name.count).max() ?? 0
            let list = names.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.summary }
            sections.append("COMMANDS:\n" + list.joined(separator: "\n"))
            if !configuration.discussion.isEmpty { sections.append(configuration.discussion) }
        } else {
            sections.append(configuration.summary)
            let list = configuration.subcommands.map { subcommand in
                "  " + usage(of: subcommand, path: path + [subcommand.configuration.name], indent: 2) + "\n      "
                    + subcommand.configuration.summary
            }
            sections.append("USAGE:\n" + list.joined(separator: "\n"))
            if !configuration.discussion.isEmpty { sections.append(configuration.discussion) }
        }
        let positionals = declared.filter(\.isPositional)
        if !positionals.isEmpty, configuration.subcommands.isEmpty {
            sections.append("ARGUMENTS:\n" + positionals.map { row($0.label, $0.help) }.joined(separator: "\n"))
        }
        if path.count > 1 {
            let options = declared.filter { !$0.isPositional }.map { row($0.label, $0.help) } + [row("--help", "Show this help.")]
            sections.append("OPTIONS:\n" + options.joined(separator: "\n"))
        }
        if !configuration.exitStatuses.isEmpty {
            let codes = configuration.exitStatuses.map {
                "  " + String($0.code.rawValue).padding(toLength: 3, withPad: " ", startingAt: 0) + " " + $0.meaning
            }
            sections.append("EXIT STATUS:\n" + codes.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The generated usage line: the command's path, then each argument as declared,
    /// wrapped at ``width`` with later lines indented under the first argument.
    static func usage(of command: any ParsableCommand.Type, path: [String], indent: Int) -> String {
        let declared = CommandParser.arguments(of: command.init()).map(\.declaration)
        let words = (declared.filter(\.isPositional) + declared.filter { !$0.isPositional }).map(\.usage)
        let head = path.joined(separator: " ")
        let hanging = String(repeating: " ", count: indent + head.count + 1)
        var lines = [head]
        var width = indent + head.count
        for word in words {
            if width + 1 + word.count > Self.width, lines[lines.count - 1] != head {
                lines.append(hanging + word)
                width = hanging.count + word.count
            } else {
                lines[lines.count - 1] += " " + word
                width += 1 + word.count
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One argument in a list: its label in a column of 18, then its help; a longer label
    /// gets a line of its own.
    static func row(_ label: String, _ help: String) -> String {
        let indent = "\n" + String(repeating: " ", count: 20)
        let text = help.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: indent)
        return label.count <= 16 ? "  " + label.padding(toLength: 18, withPad: " ", startingAt: 0) + text : "  " + label + indent + text
    }
}
