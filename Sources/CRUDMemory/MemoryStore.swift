import CRUDSpec
import Foundation

/// The reference backend: every record in memory, behind an actor.
///
/// It passes every rule that does not need durability. Closing it, or the process
/// ending, loses everything: use it for tests, previews and as the model other
/// backends are compared with.
///
/// ```swift
/// let store = MemoryStore(clock: ManualClock())
/// let task = try await store.createTask(title: "Water the plants", notes: nil)
/// ```
public actor MemoryStore: CRUDSpec {
    private var state: StoreState
    private let clock: any CRUDClock

    /// Makes a store that starts with `state` (empty by default) and stamps records with `clock`.
    public init(state: StoreState = StoreState(), clock: any CRUDClock = SystemClock()) {
        self.clock = clock
        self.state = state
    }

    /// Everything the store holds now, as a value.
    public func currentState() -> StoreState {
        state
    }

    /// Replaces everything the store holds with `newState`, in one step. For stores that
    /// compute their records elsewhere and install them, as a backend rewriting its file would.
    public func replaceState(with newState: StoreState) {
        state = newState
    }

    public func createTask(title: String, notes: String?) throws -> TaskItem {
        try state.createTask(title: title, notes: notes, now: clock.timestamp())
    }

    public func task(id: UUID) throws -> TaskItem {
        try state.task(id: id)
    }

    public func tasks(_ query: TaskQuery) throws -> [TaskItem] {
        try state.tasks(query)
    }

    public func countTasks(_ query: TaskQuery) throws -> Int {
        try state.countTasks(query)
    }

    public func renameTask(id: UUID, to title: String) throws -> TaskItem {
        try state.renameTask(id: id, to: title, now: clock.timestamp())
    }

    public func editTaskNotes(id: UUID, notes: String?) throws -> TaskItem {
        try state.editTaskNotes(id: id, notes: notes, now: clock.timestamp())
    }

    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) throws -> TaskItem {
        try state.setTaskCompleted(id: id, isCompleted, now: clock.timestamp())
    }

    public func toggleTask(id: UUID) throws -> TaskItem {
        try state.toggleTask(id: id, now: clock.timestamp())
    }

    public func deleteTask(id: UUID) throws {
        try state.deleteTask(id: id)
    }

    public func importTasks(titles: [String]) throws -> [TaskItem] {
        try state.importTasks(titles: titles, now: clock.timestamp())
    }

    public func createContact(name: String, email: String, phone: String?) throws -> Contact {
        try state.createContact(name: name, email: email, phone: phone, now: clock.timestamp())
    }

    public func contact(id: UUID) throws -> Contact {
        try state.contact(id: id)
    }

    public func contacts(_ query: ContactQuery) throws -> [Contact] {
        try state.contacts(query)
    }

    public func updateContact(id: UUID, _ changes: ContactChanges) throws -> Contact {
        try state.updateContact(id: id, changes, now: clock.timestamp())
    }

    public func deleteContact(id: UUID) throws {
        try state.deleteContact(id: id)
    }

    public func close() {}
}
