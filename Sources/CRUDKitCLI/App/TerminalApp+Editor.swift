import CRUDSpec
import CRUDViewModels
import TerminalUI

@MainActor
extension TerminalApp.Editor {
    /// The model, as the editors' common protocol.
    var draft: (any DraftEditorModel)? {
        switch self {
        case .task(let model): model
        case .contact(let model): model
        }
    }

    /// The labels of the text fields, in order.
    var fieldLabels: [String] {
        switch self {
        case .task: ["Title", "Notes"]
        case .contact: ["Name", "Email", "Phone"]
        }
    }

    /// The text of field `index`.
    func text(_ index: Int) -> String {
        switch (self, index) {
        case (.task(let model), 0): model.title
        case (.task(let model), 1): model.notes
        case (.contact(let model), 0): model.name
        case (.contact(let model), 1): model.email
        case (.contact(let model), 2): model.phone
        default: ""
        }
    }

    /// Sets field `index` to `text`, through the model, which validates it as typed.
    func setText(_ index: Int, _ text: String) {
        switch (self, index) {
        case (.task(let model), 0): model.title = text
        case (.task(let model), 1): model.notes = text
        case (.contact(let model), 0): model.name = text
        case (.contact(let model), 1): model.email = text
        case (.contact(let model), 2): model.phone = text
        default: break
        }
    }

    /// What is wrong with field `index`, as the model says.
    func message(_ index: Int) -> String? {
        switch (self, index) {
        case (.task(let model), 0): model.titleMessage
        case (.task(let model), 1): model.notesMessage
        case (.contact(let model), 0): model.nameMessage
        case (.contact(let model), 1): model.emailMessage
        case (.contact(let model), 2): model.phoneMessage
        default: nil
        }
    }

    /// Whether the model has closed: saved or discarded.
    var isClosed: Bool {
        switch self {
        case .task(let model): model.outcome != nil
        case .contact(let model): model.outcome != nil
        }
    }

    /// The heading: "New task", "Edit task", "New contact", "Edit contact".
    var heading: String {
        switch self {
        case .task(let model): model.isNew ? "New task" : "Edit task"
        case .contact(let model): model.isNew ? "New contact" : "Edit contact"
        }
    }
}

extension TerminalApp {
    func openEditor(_ editor: Editor) {
        self.editor = editor
        editorControl = 0
        field.cursor = editor.text(0).count
    }

    /// Closes the editor once its model has an outcome, and reloads the list it changed.
    func closeEditor() async {
        guard let editor, editor.isClosed else { return }
        self.editor = nil
        switch editor {
        case .task: await tasks.load()
        case .contact: await contacts.load()
        }
        clampSelection()
    }

    /// Tab and arrows move between the fields and the buttons; Enter or Ctrl-S saves (Enter
    /// on Cancel cancels); Esc cancels, which asks first when there are changes.
    func handleEditor(_ key: Key, _ editor: Editor) async {
        guard let model = editor.draft else { return }
        let fields = editor.fieldLabels.count
        switch key {
        case .tab, .down: moveEditorFocus(to: (editorControl + 1) % (fields + 2), editor)
        case .backTab, .up: moveEditorFocus(to: (editorControl + fields + 1) % (fields + 2), editor)
        case .escape:
            model.cancel()
        case .enter where editorControl == fields + 1:
            model.cancel()
        case .enter, .control("s"):
            await model.save()
        default:
            guard editorControl < fields else { return }
            var text = editor.text(editorControl)
            if field.apply(key, to: &text), text != editor.text(editorControl) { editor.setText(editorControl, text) }
        }
        await closeEditor()
    }

    private func moveEditorFocus(to control: Int, _ editor: Editor) {
        editorControl = control
        field.cursor = editor.text(control).count
    }
}
