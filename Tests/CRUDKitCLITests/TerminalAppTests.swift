import CRUDMemory
import CRUDSpec
import TerminalUI
import Testing

@testable import CRUDKitCLI

/// crudkit app's logic and screen in-process, without a terminal: keys handed to
/// ``TerminalApp/handle(_:)``, frames read from ``TerminalApp/screen(rows:columns:)``.
@MainActor
@Suite("crudkit app without tmux")
struct TerminalAppTests {
    private func type(_ text: String, into app: TerminalApp) async {
        for character in text { await app.handle(.character(character)) }
    }

    private func text(_ app: TerminalApp, rows: Int = 24, columns: Int = 80) -> String {
        app.screen(rows: rows, columns: columns).text.joined(separator: "\n")
    }

    @Test("q in a text field is typed, not quit; Ctrl-C quits from the editor")
    func quitting() async throws {
        let app = TerminalApp(store: MemoryStore())
        await app.load()
        await app.handle(.character("a"))
        await type("quiet", into: app)
        #expect(app.isRunning && app.tasks.newTitle == "quiet", "q should be typed into the add field")
        await app.handle(.enter)
        await app.handle(.escape)
        await app.handle(.enter)
        #expect(text(app).contains("Edit task"), "Enter on the list should open the editor:\n\(text(app))")
        await type("q", into: app)
        #expect(app.isRunning, "q in the editor should be typed")
        await app.handle(.control("c"))
        #expect(!app.isRunning, "Ctrl-C should quit from the editor")
    }

    @Test("The selection stays on a row when the last row is deleted, and tabs switch with 2 and 1")
    func selectionAndTabs() async throws {
        let store = MemoryStore()
        for title in ["One", "Two", "Three"] { _ = try await store.createTask(title: title, notes: nil) }
        let app = TerminalApp(store: store)
        await app.load()
        await app.handle(.end)
        #expect(app.selectedTask?.task.title == "One", "End should select the oldest (last) task")
        await app.handle(.character("d"))
        #expect(text(app).contains(#"Delete "One"? This cannot be undone."#))
        await app.handle(.character("y"))
        #expect(try await store.tasks(TaskQuery()).map(\.title).sorted() == ["Three", "Two"])
        #expect(app.selectedTask?.task.title == "Two", "the selection should move to the new last row")
        await app.handle(.character("2"))
        #expect(text(app).contains("No contacts yet"), "2 should show the contacts tab:\n\(text(app))")
        await app.handle(.character("1"))
        #expect(text(app).contains("[ ] Two"))
    }

    @Test("The status line says the selected row as its accessibility text, and follows the selection and a toggle")
    func spokenSelection() async throws {
        let store = MemoryStore()
        for title in ["Buy milk", "Call Ada"] { _ = try await store.createTask(title: title, notes: nil) }
        let app = TerminalApp(store: store)
        await app.load()
        let first = try #require(app.selectedTask)
        #expect(text(app, columns: 120).contains(first.accessibility.spokenText), "\(text(app, columns: 120))")
        #expect(first.accessibility.spokenText.hasPrefix("Call Ada, not done, created"))
        await app.handle(.character(" "))
        #expect(text(app, columns: 120).contains("Call Ada, done, created"), "after a toggle:\n\(text(app, columns: 120))")
        await app.handle(.down)
        #expect(text(app, columns: 120).contains("Buy milk, not done, created"), "after moving down:\n\(text(app, columns: 120))")
        await app.handle(.character("2"))
        _ = try await store.createContact(name: "Ada Lovelace", email: "ada@example.com", phone: nil)
        await app.handle(.character("r"))
        #expect(text(app, columns: 120).contains("Ada Lovelace"), "\(text(app, columns: 120))")
    }

    @Test("Every screen fits the terminal, however small: rows and widths within its size")
    func screensFit() async throws {
        let store = MemoryStore()
        _ = try await store.createTask(title: "A rather long task title that will not fit a narrow terminal", notes: "notes")
        _ = try await store.createContact(name: "Ada Lovelace", email: "ada@example.org", phone: nil)
        let app = TerminalApp(store: store)
        await app.load()
        var states: [String: [String]] = [:]
        func record(_ name: String) {
            for (rows, columns) in [(1, 1), (2, 5), (4, 12), (8, 30), (24, 80), (50, 200)] {
                let frame = app.screen(rows: rows, columns: columns)
                #expect(frame.text.count == rows, "\(name) at \(rows)x\(columns): \(frame.text.count) rows")
                for line in frame.text {
                    #expect(DisplayWidth.of(line) <= columns, "\(name) at \(rows)x\(columns): '\(line)' is too wide")
                }
                if let cursor = frame.cursor {
                    #expect(cursor.row < rows && cursor.column < columns, "\(name) at \(rows)x\(columns): the cursor is off the screen")
                }
            }
            states[name] = app.screen(rows: 24, columns: 80).text
        }
        record("the task list")
        await app.handle(.character("d"))
        record("the delete question")
        #expect(states["the delete question"]?.contains { $0.contains("Delete \"") } == true, "d opens the delete question")
        await app.handle(.character("n"))
        await app.handle(.enter)
        await type(" more", into: app)
        record("the editor")
        #expect(states["the editor"]?.contains { $0.contains("Edit task") } == true, "Enter opens the editor")
        await app.handle(.escape)
        record("the discard question")
        #expect(states["the discard question"]?.contains { $0.contains("Discard changes?") } == true)
        await app.handle(.character("y"))
        await app.handle(.character("2"))
        record("the contact list")
        #expect(states["the contact list"]?.contains { $0.contains("ada@example.org") } == true)
    }
}
