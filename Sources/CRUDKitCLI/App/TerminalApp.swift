import CRUDSpec
import CRUDViewModels
import TerminalUI

/// `crudkit app`'s screen: the task and contact tabs over the view models, driven by keys.
///
/// Every change goes through a model (``TaskListModel``, ``ContactListModel``, the editors),
/// never to the store directly. The loop reads keys, hands each to the part that has the
/// focus, awaits what the model does, and draws the whole screen again; a resize redraws
/// at the new size.
@MainActor
final class TerminalApp {
    enum Tab: CaseIterable { case tasks, contacts }
    /// Where typing goes on a list screen.
    enum Focus { case list, add, search }
    /// The editor open over the list, if any.
    enum Editor {
        case task(TaskEditorModel)
        case contact(ContactFormModel)
    }

    let store: any CRUDSpec
    let tasks: TaskListModel
    let contacts: ContactListModel

    var tab = Tab.tasks
    var focus = Focus.list
    var taskSelection = 0
    var contactSelection = 0
    var editor: Editor?
    /// The editor's focused control: its fields in order, then Save, then Cancel.
    var editorControl = 0
    /// The cursor of the focused text field.
    var field = LineEditing()
    private var running = true

    /// The app over `store`; it needs a terminal only to ``run(on:)``, so tests can drive
    /// ``handle(_:)`` and read ``screen(rows:columns:)`` without one.
    init(store: any CRUDSpec) {
        self.store = store
        tasks = TaskListModel(store: store)
        contacts = ContactListModel(store: store)
    }

    /// Loads both lists, then reads keys from `terminal` and redraws until q or Ctrl-C, or
    /// until the terminal goes away.
    func run(on terminal: Terminal) async {
        draw(on: terminal)
        await load()
        draw(on: terminal)
        while running && !terminal.inputEnded {
            let keys = terminal.readKeys(timeout: .milliseconds(500))
            let resized = terminal.takeResize()
            for key in keys where running {
                await handle(key)
            }
            if running && (resized || !keys.isEmpty) { draw(on: terminal) }
        }
    }

    /// Reads both lists from the store.
    func load() async {
        await tasks.load()
        await contacts.load()
    }

    /// Whether the app goes on: false after q or Ctrl-C.
    var isRunning: Bool { running }

    func quit() {
        running = false
    }

    private func draw(on terminal: Terminal) {
        let size = terminal.size
        terminal.draw(screen(rows: size.rows, columns: size.columns))
    }
}
