import CRUDConformance
import CRUDMemory
import CRUDViewModels
import Foundation
import Testing

@MainActor
@Suite("The task editor model")
struct TaskEditorModelTests {
    let clock = ManualClock()

    @Test("Messages follow typing per field, in the store's words, and an untouched new draft shows none")
    func validationAsTyped() async throws {
        let editor = TaskEditorModel(store: MemoryStore(clock: clock))
        #expect(editor.isNew && !editor.hasChanges)
        #expect(editor.titleMessage == nil && editor.notesMessage == nil)
        #expect(!editor.canSave)
        editor.title = "Buy\tmilk"
        #expect(editor.titleMessage == "Task title cannot contain control characters such as tabs or line breaks.")
        editor.title = "Buy milk"
        #expect(editor.titleMessage == nil)
        editor.notes = String(repeating: "n", count: 1_001)
        #expect(editor.notesMessage == "Task notes cannot be longer than 1000 characters.")
        #expect(editor.titleMessage == nil, "one field's message does not show on the other")
        #expect(!editor.canSave)
        editor.notes = "two\nlines"
        #expect(editor.notesMessage == nil && editor.canSave && editor.hasChanges)
    }

    @Test("Saving a new task creates it once; an invalid draft asks nothing and shows every message")
    func saveNew() async throws {
        let store = MemoryStore(clock: clock)
        let editor = TaskEditorModel(store: store)
        #expect(await editor.save() == false)
        #expect(editor.titleMessage == "Task title cannot be empty.")
        #expect(try await store.countTasks(TaskQuery()) == 0)
        editor.title = " Buy milk "
        editor.notes = "oat"
        #expect(await editor.save())
        let saved = try #require(try await store.tasks(TaskQuery()).first)
        #expect(editor.outcome == .saved(saved))
        #expect(saved.title == "Buy milk" && saved.notes == "oat")
        #expect(editor.original == saved)
        #expect(try await store.countTasks(TaskQuery()) == 1)
    }

    @Test("Editing changes only what changed; no changes saves without a write")
    func saveExisting() async throws {
        let store = FailingStore(MemoryStore(clock: clock))
        let milk = try await store.createTask(title: "Buy milk", notes: "oat")
        clock.advance(seconds: 5)
        let unchanged = TaskEditorModel(store: store, task: milk)
        store.failNext(1)
        #expect(await unchanged.save(), "nothing to write, so nothing to fail")
        #expect(store.injectedFailures == 0)
        #expect(unchanged.outcome == .saved(milk))
        store.stopFailing()

        let editor = TaskEditorModel(store: store, task: milk)
        editor.notes = ""
        #expect(editor.hasChanges)
        #expect(await editor.save())
        let stored = try await store.task(id: milk.id)
        #expect(stored.title == "Buy milk" && stored.notes == nil && stored.createdAt == milk.createdAt)
        #expect(editor.outcome == .saved(stored))
    }

    @Test("A failed save keeps the draft, shows the store's message, changes nothing, and the retry succeeds")
    func failedSaveKeepsDraft() async throws {
        let store = FailingStore(MemoryStore(clock: clock))
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        let editor = TaskEditorModel(store: store, task: milk)
        editor.title = "Buy oat milk"
        editor.notes = "the big carton"
        store.failNext(1)
        #expect(await editor.save() == false)
        #expect(store.injectedFailures == 1)
        #expect(editor.title == "Buy oat milk" && editor.notes == "the big carton")
        #expect(editor.errorMessage == CRUDError.storeUnavailable(path: "failing-store").message)
        #expect(editor.outcome == nil && editor.hasChanges && editor.canSave)
        #expect(try await store.task(id: milk.id) == milk, "a failed save changed the store")

        #expect(await editor.save())
        #expect(editor.errorMessage == nil)
        let stored = try await store.task(id: milk.id)
        #expect(stored.title == "Buy oat milk" && stored.notes == "the big carton")
    }

    @Test("When the second write of an edit fails, the first is undone: title and notes stay as they were")
    func partialFailureUndone() async throws {
        let memory = MemoryStore(clock: clock)
        let store = PassThenFail(FailingStore(memory))
        let milk = try await memory.createTask(title: "Buy milk", notes: nil)
        let editor = TaskEditorModel(store: store, task: milk)
        editor.title = "Buy oat milk"
        editor.notes = "carton"
        store.failNotesEdit = true
        #expect(await editor.save() == false)
        #expect(store.inner.injectedFailures == 1)
        let stored = try await memory.task(id: milk.id)
        #expect(stored.title == "Buy milk" && stored.notes == nil)
        #expect(editor.title == "Buy oat milk" && editor.hasChanges)
    }

    @Test("Cancel without changes closes at once; with changes it asks, and keep editing keeps the draft")
    func cancel() async throws {
        let store = MemoryStore(clock: clock)
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        let untouched = TaskEditorModel(store: store, task: milk)
        #expect(untouched.cancel())
        #expect(untouched.pendingDiscard == nil)
        #expect(untouched.outcome == .discarded)

        let editor = TaskEditorModel(store: store, task: milk)
        editor.title = "Buy bread"
        #expect(editor.cancel() == false)
        let question = try #require(editor.pendingDiscard)
        #expect(question.title == "Discard changes?")
        #expect(question.message == "Your changes have not been saved and will be lost.")
        #expect(question.confirmLabel == "Discard" && question.cancelLabel == "Keep Editing")
        #expect(editor.outcome == nil)
        editor.keepEditing()
        #expect(editor.pendingDiscard == nil && editor.title == "Buy bread" && editor.outcome == nil)
        editor.cancel()
        editor.confirmDiscard()
        #expect(editor.outcome == .discarded)
        #expect(try await store.task(id: milk.id) == milk, "cancel changed the store")
        #expect(await editor.save() == false, "a closed editor does not save")
        #expect(try await store.task(id: milk.id) == milk)
    }

    @Test("A task deleted meanwhile gives a clear message and is never created again")
    func deletedMeanwhile() async throws {
        let store = MemoryStore(clock: clock)
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        let editor = TaskEditorModel(store: store, task: milk)
        editor.title = "Buy oat milk"
        try await store.deleteTask(id: milk.id)
        #expect(await editor.save() == false)
        #expect(editor.isDeletedMeanwhile)
        #expect(
            editor.errorMessage
                == "This task was deleted, perhaps in another window. It was not saved again; copy anything you need from here.")
        #expect(editor.title == "Buy oat milk")
        #expect(!editor.canSave)
        #expect(await editor.save() == false)
        #expect(try await store.countTasks(TaskQuery()) == 0, "the deleted task was created again")
        #expect(editor.saveAccessibility.hint == "This task no longer exists.")
    }
}

/// A store that fails the notes edit after letting the rename through, to show an edit's
/// second write failing.
final class PassThenFail: ForwardingStore, @unchecked Sendable {
    let inner: FailingStore<MemoryStore>
    private let lock = NSLock()
    private var failNotes = false

    init(_ inner: FailingStore<MemoryStore>) {
        self.inner = inner
    }

    var failNotesEdit: Bool {
        get { lock.withLock { failNotes } }
        set { lock.withLock { failNotes = newValue } }
    }

    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem {
        if failNotesEdit { inner.failNext(1) }
        return try await inner.editTaskNotes(id: id, notes: notes)
    }
}
