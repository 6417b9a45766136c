import CRUDViewModels

/// What the program prints for each state of the models: plain text, or with `spoken`,
/// one line per element in the words a screen reader would say.
@MainActor
enum TaskScreen {
    static func list(_ list: TaskListModel, spoken: Bool) -> String {
        var lines = ["Tasks: \(TaskListModel.filterName(list.filter)), \(TaskListModel.sortName(list.sort).lowercased())"]
        for (number, row) in list.rows.enumerated() {
            if spoken {
                lines.append("\(number + 1). \(row.accessibility.spokenText)")
            } else {
                let box = row.task.isCompleted ? "[x]" : "[ ]"
                lines.append("\(number + 1). \(box) \(row.task.title) (\(row.createdText))\(row.isDeleting ? " deleting…" : "")")
            }
        }
        if let empty = list.emptyState { lines.append(empty.taskMessage) }
        if let message = list.newTitleMessage { lines.append("Add: \(message)") }
        if let error = list.errorMessage { lines.append("Error: \(error)") }
        return lines.joined(separator: "\n")
    }

    static func editor(_ editor: TaskEditorModel) -> String {
        var lines = [editor.isNew ? "New task" : "Editing \"\(editor.original?.title ?? "")\""]
        lines.append("Title: \(editor.title)" + (editor.titleMessage.map { " (\($0))" } ?? ""))
        lines.append("Notes: \(editor.notes)" + (editor.notesMessage.map { " (\($0))" } ?? ""))
        if let error = editor.errorMessage { lines.append("Error: \(error)") }
        lines.append("Type: title TEXT, notes TEXT, save, cancel")
        return lines.joined(separator: "\n")
    }

    static func question(_ question: Confirmation) -> String {
        "\(question.title) \(question.message) Type y for \(question.confirmLabel), n for \(question.cancelLabel)."
    }

    static let help = """
        Commands: add TITLE, done N, edit N, delete N, search TEXT, show all|done|open, \
        sort new|title, help, quit
        """
}
