import CRUDViewModels

/// The program's logic: each line typed goes to the list, and the answer is the screen
/// to print next.
@MainActor
final class TaskShell {
    let list: TaskListModel
    private(set) var isFinished = false

    init(store: any CRUDSpec) {
        list = TaskListModel(store: store)
    }

    func start() async -> String {
        await list.load()
        return TaskScreen.list(list) + "\n" + TaskScreen.help
    }

    func handle(_ line: String) async -> String {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let command = parts.first ?? ""
        let argument = parts.count > 1 ? parts[1] : ""
        switch command {
        case "add":
            list.newTitle = argument
            await list.add()
        case "done":
            guard let row = row(argument) else { return "No task number \(argument)." }
            await list.toggle(id: row.id)
        case "quit":
            isFinished = true
            return "Bye."
        default:
            return TaskScreen.help
        }
        return TaskScreen.list(list)
    }

    /// The row numbered `text` as the list shows it, counting from 1.
    private func row(_ text: String) -> TaskRow? {
        guard let number = Int(text), list.rows.indices.contains(number - 1) else { return nil }
        return list.rows[number - 1]
    }
}
