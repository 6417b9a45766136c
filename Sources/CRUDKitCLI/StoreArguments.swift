import CRUDSpec
import Foundation

/// `--store`, which every `tasks` and `contacts` subcommand takes, and the store it names.
struct StoreArguments: ParsableArguments {
    @Option(
        "store", value: "STORE",
        help:
            "memory, json:PATH, journal:PATH, sqlite:PATH, http://HOST:PORT/parse\nor postgres://USER@HOST/DATABASE. Without it, CRUDKIT_STORE; without that, an SQLite file in your data folder. A file\nanother command is using is waited for, up to CRUDKIT_LOCK_WAIT seconds (10).",
        parser: .store)
    var store: StoreOption?

    /// Opens the store (`--store`, else `CRUDKIT_STORE`, else the default), runs `body`, and
    /// closes the store whether `body` succeeded or not.
    func withStore<T>(_ context: CommandContext, _ body: (any CRUDSpec) async throws -> T) async throws -> T {
        let option = try store ?? StoreOption.resolve(nil, environment: context.environment)
        let opened = try await option.open(lockWait: try StoreOption.lockWait(environment: context.environment)) { notice in
            context.console.err("warning: \(notice)\n")
        }
        do {
            let result = try await body(opened)
            try await opened.close()
            return result
        } catch {
            try? await opened.close()
            throw error
        }
    }
}

extension CommandContext {
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

extension ValueParser where Value == StoreOption {
    /// `memory`, `json:PATH`, `journal:PATH`, `sqlite:PATH` or a server's URL.
    static var store: ValueParser { ValueParser { text, _ throws(UsageError) in try StoreOption(text) } }
}

extension ValueParser where Value == UInt16 {
    /// A TCP port.
    static var port: ValueParser { ValueParser(expecting: "a number from 0 to 65535") { UInt16($0) } }
}
