import CRUDSpec
import CRUDViewModels
import TerminalUI

/// The screen, drawn whole from the models each time: the tab bar on the first row, the
/// status and the keys on the last two, the list or the editor between, and a question
/// boxed over the middle while it waits for y or n.
extension TerminalApp {
    /// The rows where the list starts on a list screen.
    private static let listTop = 5

    func screen(rows: Int, columns: Int) -> Frame {
        var frame = Frame(rows: rows, columns: columns)
        frame.set(0, tabBar())
        if let editor {
            editorScreen(editor, into: &frame)
        } else if tab == .tasks {
            taskScreen(into: &frame)
        } else {
            contactScreen(into: &frame)
        }
        frame.set(rows - 2, statusLine())
        frame.set(rows - 1, helpLine(), .dim)
        if let question = openQuestion {
            frame.cursor = nil
            box(question, into: &frame)
        }
        // A field below a small screen's last row has no cursor to show; a long text's end
        // stays on the last column.
        if let cursor = frame.cursor {
            frame.cursor = cursor.row < rows - 2 ? (cursor.row, min(cursor.column, max(columns - 1, 0))) : nil
        }
        return frame
    }

    private func tabBar() -> [Frame.Span] {
        func label(_ name: String, _ which: Tab) -> Frame.Span {
            Frame.Span(" \(name) ", which == tab ? [.reverse, .bold] : [])
        }
        return [
            Frame.Span("crudkit ", .bold), label("Tasks", .tasks), Frame.Span(" │ "), label("Contacts", .contacts),
            Frame.Span("   1 2 or ← → switch", .dim),
        ]
    }

    // MARK: Lists

    private func taskScreen(into frame: inout Frame) {
        textField("New task: ", tasks.newTitle, placeholder: "a, then type a title and Enter", focused: focus == .add, row: 1, into: &frame)
        if let message = tasks.newTitleMessage { frame.set(2, "          " + message, .error) }
        var search = fieldSpans("Search: ", tasks.searchText, placeholder: "/ to search", focused: focus == .search)
        search += [
            Frame.Span("   Show: ", .dim), Frame.Span(TaskListModel.filterName(tasks.filter)), Frame.Span(" (f)", .dim),
            Frame.Span("   Sort: ", .dim), Frame.Span(TaskListModel.sortName(tasks.sort)), Frame.Span(" (s)", .dim),
        ]
        frame.set(3, search)
        if focus == .search { frame.cursor = (3, DisplayWidth.of("Search: ") + field.column(in: tasks.searchText)) }
        frame.set(4, String(repeating: "─", count: frame.columns), .dim)
        let lines = tasks.rows.map { row in
            let mark = row.task.isCompleted ? "[x] " : "[ ] "
            let after = row.isDeleting ? "  deleting…" : "  " + row.createdText
            return (mark + row.task.title, after)
        }
        list(lines, selection: taskSelection, empty: tasks.hasLoaded ? tasks.emptyState?.taskMessage : "Loading…", into: &frame)
    }

    private func contactScreen(into frame: inout Frame) {
        textField(
            "Search: ", contacts.searchText, placeholder: "/ to search, a to add a contact", focused: focus == .search, row: 1,
            into: &frame)
        frame.set(4, String(repeating: "─", count: frame.columns), .dim)
        let lines = contacts.rows.map { row in
            let details = "  " + row.contact.email + (row.contact.phone.map { "  " + $0 } ?? "")
            return (row.contact.name, row.isDeleting ? "  deleting…" : details)
        }
        list(
            lines, selection: contactSelection, empty: contacts.hasLoaded ? contacts.emptyState?.contactMessage : "Loading…",
            into: &frame)
    }

    /// The rows between the header and the status line, scrolled to keep the selection in
    /// sight, the selected one reversed while the list has the focus; or the empty state.
    private func list(_ lines: [(String, String)], selection: Int, empty: String?, into frame: inout Frame) {
        let height = max(frame.rows - 2 - Self.listTop, 1)
        guard !lines.isEmpty else {
            if let empty { frame.set(Self.listTop + 1, "  " + empty, .dim) }
            return
        }
        let top = selection >= height ? selection - height + 1 : 0
        for (offset, index) in (top..<min(lines.count, top + height)).enumerated() {
            let (main, detail) = lines[index]
            let selected = index == selection
            let style: Frame.Style = selected && focus == .list ? .reverse : []
            let padding = max(frame.columns - 2 - DisplayWidth.of(main) - DisplayWidth.of(detail), 1)
            frame.set(
                Self.listTop + offset,
                [
                    Frame.Span(selected ? "› " : "  ", style), Frame.Span(main, style),
                    Frame.Span(String(repeating: " ", count: padding), style), Frame.Span(detail, style.union(.dim)),
                ])
        }
    }

    // MARK: The editor

    private func editorScreen(_ editor: Editor, into frame: inout Frame) {
        frame.set(2, editor.heading, .bold)
        let labels = editor.fieldLabels
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (index, label) in labels.enumerated() {
            let row = 4 + index * 2
            let padded = label + ":" + String(repeating: " ", count: width - label.count - 1)
            textField(padded, editor.text(index), placeholder: "", focused: editorControl == index, row: row, into: &frame)
            if let message = editor.message(index) {
                frame.set(row + 1, String(repeating: " ", count: width) + message, .error)
            }
        }
        let buttonsRow = 4 + labels.count * 2
        let canSave = editor.draft?.canSave ?? false
        let save = Frame.Span("[ Save ]", editorControl == labels.count ? [.reverse, .bold] : canSave ? [.bold] : [.dim])
        let cancel = Frame.Span("[ Cancel ]", editorControl == labels.count + 1 ? [.reverse, .bold] : [])
        frame.set(buttonsRow, [Frame.Span(String(repeating: " ", count: width)), save, Frame.Span("  "), cancel])
        if let message = editor.draft?.errorMessage {
            frame.set(buttonsRow + 2, "Not saved: " + message, .error)
        } else if editor.draft?.isSaving == true {
            frame.set(buttonsRow + 2, "Saving…", .dim)
        }
    }

    /// A label and a field's text, underlined while focused (with the cursor there), a dim
    /// placeholder when empty and not focused.
    private func textField(
        _ label: String, _ text: String, placeholder: String, focused: Bool, row: Int, into frame: inout Frame
    ) {
        frame.set(row, fieldSpans(label, text, placeholder: placeholder, focused: focused))
        if focused { frame.cursor = (row, DisplayWidth.of(label) + field.column(in: text)) }
    }

    private func fieldSpans(_ label: String, _ text: String, placeholder: String, focused: Bool) -> [Frame.Span] {
        if text.isEmpty && !focused { return [Frame.Span(label, .bold), Frame.Span(placeholder, .dim)] }
        return [Frame.Span(label, .bold), Frame.Span(text, focused ? .underline : [])]
    }

    // MARK: Status, keys and questions

    /// The error of the screen shown until dismissed, else a count.
    private func statusLine() -> [Frame.Span] {
        if let model = editor?.draft {
            let state = model.isDeletedMeanwhile ? "Deleted elsewhere" : model.hasChanges ? "Unsaved changes" : "No changes"
            let hint = model.saveAccessibility.hint ?? "ready to save"
            return [Frame.Span(state, model.hasChanges ? .bold : .dim), Frame.Span(" · " + hint, .dim)]
        }
        if let error = tab == .tasks ? tasks.errorMessage : contacts.errorMessage {
            return [Frame.Span("Error: " + error, [.error, .bold]), Frame.Span("  (Esc dismisses)", .dim)]
        }
        // The selected row's accessibility text, as the models give it to any UI: what a
        // screen reader following this line says about the row.
        if tab == .tasks {
            let rows = tasks.rows
            let done = rows.filter(\.task.isCompleted).count
            let spoken = rows.indices.contains(taskSelection) ? " · " + rows[taskSelection].accessibility.spokenText : ""
            return [Frame.Span("\(rows.count) shown, \(done) done, \(tasks.totalCount) in all", .dim), Frame.Span(spoken)]
        }
        let rows = contacts.rows
        let spoken = rows.indices.contains(contactSelection) ? " · " + rows[contactSelection].accessibility.spokenText : ""
        return [Frame.Span("\(rows.count) contact\(rows.count == 1 ? "" : "s") shown", .dim), Frame.Span(spoken)]
    }

    private func helpLine() -> String {
        if openQuestion != nil { return "y yes · n or Esc no · Ctrl-C quit" }
        if editor != nil { return "Tab/↑↓ next field · Enter or Ctrl-S save · Esc cancel · Ctrl-C quit" }
        switch (focus, tab) {
        case (.add, _): return "Enter add · Esc back to the list · Tab search · Ctrl-U clear · Ctrl-C quit"
        case (.search, _): return "type to search · Enter or Esc back to the list · Ctrl-U clear · Ctrl-C quit"
        case (.list, .tasks): return "a add · Space done · Enter edit · d delete · / search · f show · s sort · q quit"
        case (.list, .contacts): return "a add · Enter edit · d delete · / search · ← → tabs · r reload · q quit"
        }
    }

    /// The question waiting for an answer: discard changes in the editor, or a delete.
    var openQuestion: Confirmation? {
        if let editor { return editor.draft?.pendingDiscard }
        return tab == .tasks ? tasks.pendingDelete : contacts.pendingDelete
    }

    /// `question` in a box in the middle of the screen.
    private func box(_ question: Confirmation, into frame: inout Frame) {
        let buttons = "y \(question.confirmLabel)   n \(question.cancelLabel)"
        let widest = max(DisplayWidth.of(question.message), DisplayWidth.of(buttons), DisplayWidth.of(question.title))
        let inner = max(min(widest + 2, frame.columns - 2), 2)
        let left = String(repeating: " ", count: max((frame.columns - inner - 2) / 2, 0))
        func line(_ text: String, _ style: Frame.Style = []) -> [Frame.Span] {
            let fitted = DisplayWidth.truncated(text, to: inner - 2)
            let padding = String(repeating: " ", count: max(inner - 2 - DisplayWidth.of(fitted), 0))
            return [Frame.Span(left + "│ "), Frame.Span(fitted + padding, style), Frame.Span(" │")]
        }
        let top = max(frame.rows / 2 - 3, 1)
        frame.set(top, left + "┌" + String(repeating: "─", count: inner) + "┐")
        frame.set(top + 1, line(question.title, .bold))
        frame.set(top + 2, line(question.message))
        frame.set(top + 3, line(""))
        frame.set(top + 4, line(buttons, .bold))
        frame.set(top + 5, left + "└" + String(repeating: "─", count: inner) + "┘")
    }
}
