import CRUDSpec
import CRUDViewModels
import TerminalUI

extension TerminalApp {
    /// One key: Ctrl-C quits anywhere; an open question takes y or n; then the editor, if
    /// one is open, or the list screen.
    func handle(_ key: Key) async {
        if key == .control("c") { return quit() }
        if await answerQuestion(key) { return }
        if let editor {
            await handleEditor(key, editor)
        } else if focus == .list {
            await handleList(key)
        } else {
            await handleField(key)
        }
    }

    /// y (or Enter) and n (or Esc) answer the delete or discard question on screen; other
    /// keys wait. False when no question is open.
    private func answerQuestion(_ key: Key) async -> Bool {
        let yes = key == .character("y") || key == .character("Y") || key == .enter
        let no = key == .character("n") || key == .character("N") || key == .escape
        if let editor, let model = editor.draft, model.pendingDiscard != nil {
            if yes {
                model.confirmDiscard()
                await closeEditor()
            } else if no {
                model.keepEditing()
            }
            return true
        }
        guard editor == nil else { return false }
        switch tab {
        case .tasks where tasks.pendingDelete != nil:
            if yes { await tasks.confirmDelete() } else if no { tasks.cancelDelete() }
        case .contacts where contacts.pendingDelete != nil:
            if yes { await contacts.confirmDelete() } else if no { contacts.cancelDelete() }
        default:
            return false
        }
        clampSelection()
        return true
    }

    // MARK: The list

    private func handleList(_ key: Key) async {
        switch key {
        case .character("q"): quit()
        case .up, .character("k"): move(by: -1)
        case .down, .character("j"): move(by: 1)
        case .pageUp: move(by: -10)
        case .pageDown: move(by: 10)
        case .home: move(by: -Int.max / 2)
        case .end: move(by: Int.max / 2)
        case .left, .right, .character("1"), .character("2"), .backTab:
            tab =
                switch key {
                case .character("1"): .tasks
                case .character("2"): .contacts
                default: tab == .tasks ? .contacts : .tasks
                }
        case .tab: focusOn(tab == .tasks ? .add : .search)
        case .character("/"): focusOn(.search)
        case .character("a"), .character("n"):
            if tab == .tasks { focusOn(.add) } else { openEditor(.contact(ContactFormModel(store: store))) }
        case .character("r"): await reload()
        case .escape: dismissError()
        default: await handleRowKey(key)
        }
    }

    /// The keys that act on the selected row, or on the tasks' filter and sort.
    private func handleRowKey(_ key: Key) async {
        switch (tab, key) {
        case (.tasks, .character(" ")), (.tasks, .character("x")):
            if let row = selectedTask { await tasks.toggle(id: row.id) }
        case (.tasks, .enter), (.tasks, .character("e")):
            if let row = selectedTask { openEditor(.task(TaskEditorModel(store: store, task: row.task))) }
        case (.tasks, .character("d")), (.tasks, .delete):
            if let row = selectedTask { tasks.requestDelete(id: row.id) }
        case (.tasks, .character("f")):
            tasks.filter = Self.next(after: tasks.filter, in: [.all, .incomplete, .completed])
            await tasks.load()
        case (.tasks, .character("s")):
            tasks.sort = Self.next(after: tasks.sort, in: [.newestFirst, .title])
            await tasks.load()
        case (.contacts, .enter), (.contacts, .character("e")):
            if let row = selectedContact { openEditor(.contact(ContactFormModel(store: store, contact: row.contact))) }
        case (.contacts, .character("d")), (.contacts, .delete):
            if let row = selectedContact { contacts.requestDelete(id: row.id) }
        default:
            break
        }
        clampSelection()
    }

    private static func next<T: Equatable>(after value: T, in cycle: [T]) -> T {
        guard let index = cycle.firstIndex(of: value) else { return cycle[0] }
        return cycle[(index + 1) % cycle.count]
    }

    var selectedTask: TaskRow? {
        let rows = tasks.rows
        return rows.indices.contains(taskSelection) ? rows[taskSelection] : nil
    }

    var selectedContact: ContactRow? {
        let rows = contacts.rows
        return rows.indices.contains(contactSelection) ? rows[contactSelection] : nil
    }

    private func move(by step: Int) {
        if tab == .tasks { taskSelection = max(0, taskSelection + step) } else { contactSelection = max(0, contactSelection + step) }
        clampSelection()
    }

    /// Keeps each selection on a row after the lists change.
    func clampSelection() {
        taskSelection = min(max(taskSelection, 0), max(tasks.rows.count - 1, 0))
        contactSelection = min(max(contactSelection, 0), max(contacts.rows.count - 1, 0))
    }

    private func reload() async {
        if tab == .tasks { await tasks.load() } else { await contacts.load() }
        clampSelection()
    }

    private func dismissError() {
        if tab == .tasks { tasks.dismissError() } else { contacts.dismissError() }
    }

    func focusOn(_ focus: Focus) {
        self.focus = focus
        field.cursor = focusedText?.count ?? 0
    }

    /// The text of the focused list field.
    private var focusedText: String? {
        switch (focus, tab) {
        case (.add, .tasks): tasks.newTitle
        case (.search, .tasks): tasks.searchText
        case (.search, .contacts): contacts.searchText
        default: nil
        }
    }

    // MARK: The add and search fields

    private func handleField(_ key: Key) async {
        switch key {
        case .escape:
            if tab == .tasks ? tasks.errorMessage != nil : contacts.errorMessage != nil {
                dismissError()
            } else {
                focusOn(.list)
            }
        // Tasks: add, search, list; contacts: search, list.
        case .tab: focusOn(focus == .add ? .search : .list)
        case .backTab: focusOn(focus == .search && tab == .tasks ? .add : .list)
        case .enter:
            if focus == .add {
                await tasks.add()
                field.cursor = tasks.newTitle.count
            } else {
                focusOn(.list)
            }
        case .up, .down:
            focusOn(.list)
        default:
            await edit(key)
        }
    }

    /// Types into the focused field; a search reloads its list at each change.
    private func edit(_ key: Key) async {
        switch (focus, tab) {
        case (.add, .tasks):
            var text = tasks.newTitle
            if field.apply(key, to: &text), text != tasks.newTitle { tasks.newTitle = text }
        case (.search, .tasks):
            var text = tasks.searchText
            guard field.apply(key, to: &text), text != tasks.searchText else { return }
            tasks.searchText = text
            await tasks.load()
        case (.search, .contacts):
            var text = contacts.searchText
            guard field.apply(key, to: &text), text != contacts.searchText else { return }
            contacts.searchText = text
            await contacts.load()
        default:
            break
        }
        clampSelection()
    }
}
