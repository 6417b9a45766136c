import CRUDSpec
import TerminalUI

/// `crudkit app`: the full-screen terminal app, tasks and contacts over any store.
struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "app", summary: "The full-screen terminal app: tasks and contacts, with keys (needs a terminal).",
        discussion: """
            Tasks tab: a add, Space toggle, Enter edit, d delete, / search, f show (all, not done, done), s sort, q quit.
            Contacts tab: a add, Enter edit, d delete, / search. 1, 2 or ← → switch tabs; Esc dismisses an error;
            in an editor Tab moves, Enter or Ctrl-S saves, Esc cancels. Ctrl-C quits from anywhere.
            """)
    var store = StoreArguments()

    func run(_ context: CommandContext) async throws -> ExitCode {
        let terminal: Terminal
        do {
            terminal = try Terminal.open()
        } catch {
            throw CommandFailure("crudkit app: \(error)", exitCode: .usage)
        }
        return try await store.withStore(context) { store in
            do {
                try terminal.start()
            } catch {
                throw CommandFailure("crudkit app: \(error)", exitCode: .unavailable)
            }
            defer { terminal.restore() }
            await TerminalApp(store: store).run(on: terminal)
            return .success
        }
    }
}
