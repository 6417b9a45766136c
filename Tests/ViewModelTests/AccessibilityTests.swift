import CRUDMemory
import CRUDViewModels
import Foundation
import Testing

@MainActor
@Suite("Accessibility as data")
struct AccessibilityTests {
    @Test("A task row says its title, its state and its age from the injected clock, and so do its buttons")
    func taskRow() async throws {
        let clock = ManualClock()
        let store = MemoryStore(clock: clock)
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        let list = TaskListModel(store: store, clock: clock)
        await list.load()
        clock.advance(seconds: 150)
        let row = try #require(list.rows.first)
        #expect(row.accessibility == AccessibilityInfo(label: "Buy milk", value: "not done, created 2 minutes ago"))
        #expect(row.accessibility.spokenText == "Buy milk, not done, created 2 minutes ago")
        #expect(row.toggleAccessibility == AccessibilityInfo(label: "Mark \"Buy milk\" as done", value: "not done"))
        #expect(row.deleteAccessibility == AccessibilityInfo(label: "Delete \"Buy milk\""))
        await list.toggle(id: milk.id)
        clock.advance(seconds: 3 * 3_600)
        let done = try #require(list.rows.first)
        #expect(done.accessibility.spokenText == "Buy milk, done, created 3 hours ago")
        #expect(done.toggleAccessibility.label == "Mark \"Buy milk\" as not done")
        clock.advance(seconds: 40 * 86_400)
        #expect(list.rows.first?.createdText == "2026-01-01")
    }

    @Test("The list's controls say what they are and what they hold")
    func listControls() async throws {
        let list = TaskListModel(store: MemoryStore(), clock: ManualClock())
        #expect(list.newTitleAccessibility == AccessibilityInfo(label: "New task title"))
        #expect(list.addAccessibility == AccessibilityInfo(label: "Add task", hint: "Type a title first."))
        list.newTitle = "Buy\u{7}milk"
        #expect(
            list.newTitleAccessibility.spokenText
                == "New task title, Buy\u{7}milk, Task title cannot contain control characters such as tabs or line breaks.")
        #expect(list.addAccessibility.hint == nil)
        list.searchText = "milk"
        #expect(list.searchAccessibility == AccessibilityInfo(label: "Search tasks", value: "milk"))
        list.filter = .incomplete
        #expect(list.filterAccessibility == AccessibilityInfo(label: "Show", value: "Tasks not done"))
        list.sort = .title
        #expect(list.sortAccessibility == AccessibilityInfo(label: "Sort", value: "By title"))
    }

    @Test("Editor and form fields and buttons say what they are, what they hold and what is wrong")
    func editors() async throws {
        let store = MemoryStore()
        let editor = TaskEditorModel(store: store)
        #expect(editor.titleAccessibility == AccessibilityInfo(label: "Title"))
        #expect(editor.saveAccessibility == AccessibilityInfo(label: "Add task", hint: "Type a title first."))
        #expect(editor.cancelAccessibility == AccessibilityInfo(label: "Cancel"))
        editor.title = " "
        #expect(editor.titleAccessibility.hint == "Task title cannot be empty.")
        #expect(editor.saveAccessibility.hint == "Correct the fields first.")
        editor.title = "Buy milk"
        editor.notes = "oat"
        #expect(editor.notesAccessibility == AccessibilityInfo(label: "Notes", value: "oat"))
        #expect(editor.saveAccessibility == AccessibilityInfo(label: "Add task"))
        #expect(editor.cancelAccessibility == AccessibilityInfo(label: "Cancel", value: "unsaved changes"))

        let ada = try await store.createContact(name: "Ada Lovelace", email: "ada@example.org", phone: "+44 20 7946 0000")
        let form = ContactFormModel(store: store, contact: ada)
        #expect(form.nameAccessibility == AccessibilityInfo(label: "Name", value: "Ada Lovelace"))
        #expect(form.emailAccessibility == AccessibilityInfo(label: "Email", value: "ada@example.org"))
        #expect(form.phoneAccessibility == AccessibilityInfo(label: "Phone", value: "+44 20 7946 0000"))
        #expect(form.saveAccessibility == AccessibilityInfo(label: "Save contact"))
        form.email = "ada@"
        #expect(form.emailAccessibility.hint == "Email address must look like name@example.com.")

        let list = ContactListModel(store: store)
        await list.load()
        let row = try #require(list.rows.first)
        #expect(row.accessibility.spokenText == "Ada Lovelace, ada@example.org, phone +44 20 7946 0000")
        #expect(row.deleteAccessibility == AccessibilityInfo(label: "Delete \"Ada Lovelace\""))
        #expect(list.searchAccessibility == AccessibilityInfo(label: "Search contacts"))
        list.requestDelete(id: ada.id)
        let buttons = try #require(list.pendingDelete?.buttonsAccessibility)
        #expect(buttons.confirm == AccessibilityInfo(label: "Delete", value: "Delete \"Ada Lovelace\"? This cannot be undone."))
        #expect(buttons.cancel == AccessibilityInfo(label: "Cancel"))
    }
}
