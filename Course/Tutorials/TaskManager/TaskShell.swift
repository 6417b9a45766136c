import CRUDViewModels

/// The program's logic: each line typed goes to the list, the open editor or the
/// question waiting for an answer, and the answer is the screen to print next.
@MainActor
final class TaskShell {
    let list: TaskListModel
    let spoken: Bool
    private(set) var editor: TaskEditorModel?
    private(set) var isFinished = false

    init(store: any CRUDSpec, spoken: Bool = false) {
        list = TaskListModel(store: store)
        self.spoken = spoken
    }

    func start() async -> String {
        await list.load()
        return TaskScreen.list(list, spoken: spoken) + "\n" + TaskScreen.help
    }

    func handle(_ line: String) async -> String {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let command = parts.first ?? ""
        let argument = parts.count > 1 ? parts[1] : ""
        if list.pendingDelete != nil { return await answerDelete(command) }
        if let editor { return await edit(editor, command, argument) }
        switch command {
        case "add":
            list.newTitle = argument
            await list.add()
        case "done":
            guard let row = row(argument) else { return "No task number \(argument)." }
            await list.toggle(id: row.id)
        case "edit":
            guard let row = row(argument) else { return "No task number \(argument)." }
            let editor = TaskEditorModel(store: list.store, task: row.task)
            self.editor = editor
            return TaskScreen.editor(editor)
        case "delete":
            guard let row = row(argument) else { return "No task number \(argument)." }
            list.requestDelete(id: row.id)
            if let question = list.pendingDelete { return TaskScreen.question(question) }
        case "search":
            list.searchText = argument
            await list.load()
        case "show":
            list.filter = ["done": .completed, "open": .incomplete][argument] ?? .all
            await list.load()
        case "sort":
            list.sort = argument == "title" ? .title : .newestFirst
            await list.load()
        case "quit":
            isFinished = true
            return "Bye."
        default:
            return TaskScreen.help
        }
        return TaskScreen.list(list, spoken: spoken)
    }

    /// The row numbered `text` as the list shows it, counting from 1.
    private func row(_ text: String) -> TaskRow? {
        guard let number = Int(text), list.rows.indices.contains(number - 1) else { return nil }
        return list.rows[number - 1]
    }

    private func answerDelete(_ answer: String) async -> String {
        if answer == "y" {
            await list.confirmDelete()
        } else {
            list.cancelDelete()
        }
        return TaskScreen.list(list, spoken: spoken)
    }

    private func edit(_ editor: TaskEditorModel, _ command: String, _ argument: String) async -> String {
        if editor.pendingDiscard != nil {
            if command == "y" { editor.confirmDiscard() } else { editor.keepEditing() }
        } else {
            switch command {
            case "title": editor.title = argument
            case "notes": editor.notes = argument
            case "save": await editor.save()
            case "cancel": editor.cancel()
            default: break
            }
        }
        if let question = editor.pendingDiscard { return TaskScreen.question(question) }
        guard editor.outcome != nil else { return TaskScreen.editor(editor) }
        self.editor = nil
        await list.load()
        return TaskScreen.list(list, spoken: spoken)
    }
}
