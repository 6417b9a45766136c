import CRUDSpec
import Foundation

/// One subcommand of `crudkit tasks` or `crudkit contacts`: its usage line, what it does,
/// and the options it takes, which is all its `--help` and the usage errors need.
struct Subcommand {
    let name: String
    let usage: String
    let summary: String
    let options: [String]

    static let storeHelp = """
          --store STORE     memory, json:PATH, sqlite:PATH or http://HOST:PORT/parse. Without it,
                            CRUDKIT_STORE; without that, an SQLite file in your data folder.
        """

    func help(command: String) -> String {
        "USAGE: crudkit \(command) \(usage)\n\n\(summary)\n\nOPTIONS:\n\(Self.storeHelp)\n          --help            Show this help.\n"
    }

    /// The subcommand `words` name and the words after it, or nil when help was asked for
    /// (and printed): the same for every command with subcommands.
    static func select(
        _ words: [String], of command: String, among subcommands: [Subcommand], overview: String, console: any Console
    ) throws(UsageError) -> (Subcommand, [String])? {
        guard let first = words.first, !first.hasPrefix("-") else {
            if words.contains("--help") || words.contains("-h") {
                console.out(overview)
                return nil
            }
            throw UsageError("\(command) needs a subcommand: \(subcommands.map(\.name).joined(separator: ", ")).")
        }
        guard let subcommand = subcommands.first(where: { $0.name == first }) else {
            throw .unknown("subcommand of \(command)", first, among: subcommands.map(\.name))
        }
        let rest = Array(words.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(subcommand.help(command: command))
            return nil
        }
        return (subcommand, rest)
    }

    /// The help of a whole command: its subcommands and the exit statuses.
    static func overview(command: String, summary: String, _ subcommands: [Subcommand]) -> String {
        let list = subcommands.map { "  crudkit \(command) \($0.usage)\n      \($0.summary)" }
        let codes = ExitCode.allCases.map { "  \(String($0.rawValue).padding(toLength: 3, withPad: " ", startingAt: 0)) \($0.meaning)" }
        return """
            \(summary)

            USAGE:
            \(list.joined(separator: "\n"))

            Every subcommand takes --store and --help. Ids may be shortened to any unique prefix.

            OPTIONS:
            \(storeHelp)

            EXIT STATUS:
            \(codes.joined(separator: "\n"))

            """
    }
}

/// What every record subcommand needs: parsed arguments, the open store, the console.
struct RecordContext {
    var arguments: Arguments
    let console: any Console
    let environment: [String: String]
    let now: Date

    /// Reads `--store` (or `CRUDKIT_STORE`, or the default) and the positional arguments,
    /// refuses anything left over, then opens the store, runs `body`, and closes the store
    /// whether `body` succeeded or not.
    mutating func withStore<T>(
        positionals names: [String], for subcommand: String, knownOptions: [String], _ body: ([String], any CRUDSpec) async throws -> T
    ) async throws -> T {
        let option = try StoreOption.resolve(try arguments.option("store"), environment: environment)
        let found = arguments.positionals()
        // Unknown options first: "--sortt title" is a misspelt option, not an extra argument.
        try arguments.finish(knownOptions: knownOptions + ["store", "help"])
        let values = try Self.check(found, names, for: subcommand)
        let store = try option.open()
        do {
            let result = try await body(values, store)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// Requires exactly `names.count` positional arguments.
    private static func check(_ found: [String], _ names: [String], for subcommand: String) throws(UsageError) -> [String] {
        if found.count < names.count {
            throw UsageError("\(subcommand) needs \(names[found.count...].joined(separator: " and ")).")
        }
        if found.count > names.count { throw UsageError("unexpected argument '\(found[names.count])'.") }
        return found
    }

    /// Asks before deleting: on a terminal, "Delete … 'X'? [y/N]"; without one, only
    /// `--yes` allows it. Returns whether to delete.
    func confirmDelete(_ kind: String, _ label: String, yes: Bool) throws(CommandFailure) -> Bool {
        if yes { return true }
        guard console.isInteractive else {
            throw CommandFailure(
                "not deleting \(kind) '\(label)' without confirmation: there is no terminal to ask. Add --yes to delete it.",
                exitCode: .usage)
        }
        console.out("Delete \(kind) '\(label)'? [y/N] ")
        let answer = console.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
