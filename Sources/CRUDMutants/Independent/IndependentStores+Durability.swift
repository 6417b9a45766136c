import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

// Durability mistakes: what a store writes when it saves, and what it rebuilds when it opens.

/// A value kept between the opens of one storage: the "file".
final class Saved<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

enum Durable {
    /// A durable backend whose storage keeps one `Saved` value between opens.
    static func backend<Value: Sendable>(
        _ name: String, initial: Value, open: @escaping @Sendable (Saved<Value>, any CRUDClock) -> any CRUDSpec
    ) -> Backend {
        Backend(name: name, capabilities: [.durability]) {
            let saved = Saved(initial)
            return TemporaryStorage { clock in open(saved, clock) }
        }
    }

    /// A durable backend that saves the whole state on close, passed through `mangle` (the mistake).
    static func mangling(_ name: String, _ mangle: @escaping @Sendable (StoreState) -> StoreState) -> Backend {
        backend(name, initial: StoreState()) { saved, clock in
            ClosingSaveStore(inner: MemoryStore(state: saved.value, clock: clock), saved: saved, mangle: mangle)
        }
    }

    /// The state rebuilt from changed records; the original when the change breaks it.
    static func rebuilt(
        _ state: StoreState, tasks: ([TaskItem]) -> [TaskItem] = { $0 }, contacts: ([Contact]) -> [Contact] = { $0 }
    ) -> StoreState {
        (try? StoreState(tasks: tasks(state.tasksInCreationOrder), contacts: contacts(state.contactsInCreationOrder))) ?? state
    }

    static func wholeSeconds(_ date: Date) -> Date { Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)) }
}

/// Saves the (mangled) state when closed.
struct ClosingSaveStore: ForwardingStore {
    let inner: MemoryStore
    let saved: Saved<StoreState>
    let mangle: @Sendable (StoreState) -> StoreState
    func close() async throws {
        saved.value = mangle(await inner.currentState())
        await inner.close()
    }
}

/// Writes the file after every change, except that editTaskNotes forgets to.
struct SaveAfterWriteStore: ForwardingStore {
    let inner: MemoryStore
    let saved: Saved<StoreState>

    private func persist<T>(_ result: T) async -> T {
        saved.value = await inner.currentState()
        return result
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        await persist(try await inner.createTask(title: title, notes: notes))
    }
    func renameTask(id: UUID, to title: String) async throws -> TaskItem { await persist(try await inner.renameTask(id: id, to: title)) }
    func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
        await persist(try await inner.setTaskCompleted(id: id, isCompleted))
    }
    func toggleTask(id: UUID) async throws -> TaskItem { await persist(try await inner.toggleTask(id: id)) }
    func deleteTask(id: UUID) async throws { await persist(try await inner.deleteTask(id: id)) }
    func importTasks(titles: [String]) async throws -> [TaskItem] { await persist(try await inner.importTasks(titles: titles)) }
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        await persist(try await inner.createContact(name: name, email: email, phone: phone))
    }
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        await persist(try await inner.updateContact(id: id, changes))
    }
    func deleteContact(id: UUID) async throws { await persist(try await inner.deleteContact(id: id)) }
}

/// The creation counter is not saved: after a reopen it starts again below the loaded
/// records, so tasks created in this session are saved ahead of the older ones.
struct RestartingCounterStore: ForwardingStore {
    let inner: MemoryStore
    let saved: Saved<StoreState>
    let loaded: Set<UUID>

    init(saved: Saved<StoreState>, clock: any CRUDClock) {
        let state = saved.value
        inner = MemoryStore(state: state, clock: clock)
        self.saved = saved
        loaded = Set(state.tasksInCreationOrder.map(\.id))
    }

    func close() async throws {
        let loaded = self.loaded
        saved.value = Durable.rebuilt(await inner.currentState()) { tasks in
            tasks.filter { !loaded.contains($0.id) } + tasks.filter { loaded.contains($0.id) }
        }
        await inner.close()
    }
}

/// Import appends each valid title to the file as it goes; when a later title is invalid the
/// memory copy is rolled back, but the lines already written stay in the file.
actor JournalingImportStore: ForwardingStore {
    let inner: MemoryStore
    private let saved: Saved<StoreState>
    private let clock: any CRUDClock
    private var journal: [TaskItem] = []

    init(saved: Saved<StoreState>, clock: any CRUDClock) {
        inner = MemoryStore(state: saved.value, clock: clock)
        self.saved = saved
        self.clock = clock
    }

    func importTasks(titles: [String]) async throws -> [TaskItem] {
        do {
            return try await inner.importTasks(titles: titles)
        } catch CRUDError.validation(let failure) {
            let now = clock.timestamp()
            for title in titles.prefix(max(0, (failure.position ?? 1) - 1)) {
                let text = Validation.trimmed(title)
                journal.append(TaskItem(id: UUID(), title: text, notes: nil, isCompleted: false, createdAt: now, updatedAt: now))
            }
            throw CRUDError.validation(failure)
        }
    }

    func close() async throws {
        let journal = self.journal
        saved.value = Durable.rebuilt(await inner.currentState(), tasks: { $0 + journal })
        await inner.close()
    }
}

/// Contacts kept in an array with a set of taken emails that is not rebuilt on open.
struct UnindexedReopenStore: ForwardingStore {
    struct File: Sendable {
        var tasks = StoreState()
        var contacts: [Contact] = []
    }

    let inner: EmailIndexStore
    let saved: Saved<File>

    init(saved: Saved<File>, clock: any CRUDClock) {
        let file = saved.value
        inner = EmailIndexStore(tasks: MemoryStore(state: file.tasks, clock: clock), clock: clock, contacts: file.contacts, indexed: false)
        self.saved = saved
    }

    func close() async throws {
        saved.value = File(tasks: await inner.inner.currentState(), contacts: await inner.allContacts())
        try await inner.close()
    }
}
