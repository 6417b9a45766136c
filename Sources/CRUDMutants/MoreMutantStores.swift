import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

/// A store that shows titles other than the ones a correct store keeps: `disguise` gets
/// what the caller typed and returns what to send to the correct store (so it accepts it)
/// and what the broken store would have kept and shows from then on. `nil`: behave.
actor TitleDisguiseStore: ForwardingStore {
    let inner: MemoryStore
    private let disguise: @Sendable (String) -> (send: String, show: String)?
    private var shown: [UUID: String] = [:]

    init(inner: MemoryStore, disguise: @escaping @Sendable (String) -> (send: String, show: String)?) {
        self.inner = inner
        self.disguise = disguise
    }

    private func present(_ task: TaskItem) -> TaskItem {
        var task = task
        task.title = shown[task.id] ?? task.title
        return task
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        guard let (send, show) = disguise(title) else { return try await inner.createTask(title: title, notes: notes) }
        let task = try await inner.createTask(title: send, notes: notes)
        shown[task.id] = show
        return present(task)
    }

    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        shown[id] = nil
        return try await inner.renameTask(id: id, to: title)
    }

    func task(id: UUID) async throws -> TaskItem { present(try await inner.task(id: id)) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await inner.tasks(query).map(present) }
}

/// A store whose task lists come from `list`, a wrong way of answering a query built on a
/// correct store.
struct ListMutantStore: ForwardingStore {
    let inner: MemoryStore
    let list: @Sendable (TaskQuery, MemoryStore) async throws -> [TaskItem]

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await list(query, inner) }
}

/// Helpers for list mutants: everything that matches, then a page.
enum ListMutation {
    static func everything(_ query: TaskQuery, _ inner: MemoryStore) async throws -> [TaskItem] {
        var all = query
        (all.limit, all.offset) = (nil, 0)
        return try await inner.tasks(all)
    }

    static func page(_ tasks: [TaskItem], _ query: TaskQuery) -> [TaskItem] {
        let rest = tasks.dropFirst(max(0, query.offset))
        return Array(rest.prefix(query.limit.map { max(0, $0) } ?? rest.count))
    }

    /// Sorts matching tasks by `key` ascending (a wrong title order), then pages.
    static func titleOrder(
        _ query: TaskQuery, _ inner: MemoryStore, key: @escaping @Sendable (String) -> String
    ) async throws -> [TaskItem] {
        guard query.sort == .title else { return try await inner.tasks(query) }
        let sorted = try await everything(query, inner).enumerated().sorted { lhs, rhs in
            let (left, right) = (key(lhs.element.title), key(rhs.element.title))
            return left != right ? left < right : lhs.offset < rhs.offset
        }
        return page(sorted.map(\.element), query)
    }
}

/// Wrong updates: each closure gets the correct store and does the wrong thing.
struct UpdateMutantStore: ForwardingStore {
    let inner: MemoryStore
    var rename: (@Sendable (UUID, String, MemoryStore) async throws -> TaskItem)?
    var editNotes: (@Sendable (UUID, String?, MemoryStore) async throws -> TaskItem)?
    var setCompleted: (@Sendable (UUID, Bool, MemoryStore) async throws -> TaskItem)?
    var toggle: (@Sendable (UUID, MemoryStore) async throws -> TaskItem)?

    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        if let rename { return try await rename(id, title, inner) }
        return try await inner.renameTask(id: id, to: title)
    }
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem {
        if let editNotes { return try await editNotes(id, notes, inner) }
        return try await inner.editTaskNotes(id: id, notes: notes)
    }
    func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
        if let setCompleted { return try await setCompleted(id, isCompleted, inner) }
        return try await inner.setTaskCompleted(id: id, isCompleted)
    }
    func toggleTask(id: UUID) async throws -> TaskItem {
        if let toggle { return try await toggle(id, inner) }
        return try await inner.toggleTask(id: id)
    }
}

/// Shows emails as typed instead of normalized, and can compare them case-sensitively.
actor EmailMutantStore: ForwardingStore {
    let inner: MemoryStore
    let caseSensitiveUniqueness: Bool
    private var typed: [UUID: String] = [:]

    init(inner: MemoryStore, caseSensitiveUniqueness: Bool) {
        self.inner = inner
        self.caseSensitiveUniqueness = caseSensitiveUniqueness
    }

    private func present(_ contact: Contact) -> Contact {
        var contact = contact
        contact.email = typed[contact.id] ?? contact.email
        return contact
    }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let trimmed = Validation.trimmed(email)
        let created: Contact
        if caseSensitiveUniqueness, trimmed != trimmed.lowercased() {
            // Different letters, so "not a duplicate": kept under a disguised address.
            created = try await inner.createContact(
                name: name, email: "case-\(UUID().uuidString.prefix(8))-" + trimmed.lowercased(), phone: phone)
        } else {
            created = try await inner.createContact(name: name, email: email, phone: phone)
        }
        typed[created.id] = trimmed
        return present(created)
    }

    func contact(id: UUID) async throws -> Contact { present(try await inner.contact(id: id)) }
    func contacts(_ query: ContactQuery) async throws -> [Contact] { try await inner.contacts(query).map(present) }
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        if let email = changes.email { typed[id] = Validation.trimmed(email) }
        return present(try await inner.updateContact(id: id, changes))
    }
}

/// Refuses to give a contact its own email in other letters.
struct OwnEmailRefusedStore: ForwardingStore {
    let inner: MemoryStore

    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        if let email = changes.email, email != (try await inner.contact(id: id)).email { throw CRUDError.duplicate(field: .email) }
        return try await inner.updateContact(id: id, changes)
    }
}

/// Stamps dates with whole seconds only.
struct SecondsOnlyStore: ForwardingStore {
    let inner: MemoryStore

    private func truncated(_ task: TaskItem) -> TaskItem {
        var task = task
        task.createdAt = Date(timeIntervalSince1970: task.createdAt.timeIntervalSince1970.rounded(.down))
        task.updatedAt = Date(timeIntervalSince1970: task.updatedAt.timeIntervalSince1970.rounded(.down))
        return task
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        truncated(try await inner.createTask(title: title, notes: notes))
    }
    func task(id: UUID) async throws -> TaskItem { truncated(try await inner.task(id: id)) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await inner.tasks(query).map(truncated) }
}

/// Counts every task, whatever the query asks.
struct CountIgnoresQueryStore: ForwardingStore {
    let inner: MemoryStore
    func countTasks(_ query: TaskQuery) async throws -> Int { try await inner.countTasks(TaskQuery()) }
}

/// Treats deleting an unknown contact as success.
struct SilentContactDeleteStore: ForwardingStore {
    let inner: MemoryStore
    func deleteContact(id: UUID) async throws {
        do { try await inner.deleteContact(id: id) } catch CRUDError.notFound {}
    }
}

/// Answers "not found" with the wrong error.
struct WrongNotFoundStore: ForwardingStore {
    let inner: MemoryStore
    func task(id: UUID) async throws -> TaskItem {
        do { return try await inner.task(id: id) } catch CRUDError.notFound { throw CRUDError.invalidQuery(reason: "no such task") }
    }
}

/// Claims durability, keeps its records in memory between opens, and on every close
/// drops the task created last: the write that was "still in a buffer".
final class LosesLastWriteStorage: @unchecked Sendable {
    private let lock = NSLock()
    private var saved = StoreState()

    func open(clock: any CRUDClock) async throws -> any CRUDSpec {
        ClosingStore(inner: MemoryStore(state: lock.withLock { saved }, clock: clock), storage: self)
    }

    func keep(_ state: StoreState) {
        let tasks = Array(state.tasksInCreationOrder.dropLast())
        let kept = (try? StoreState(tasks: tasks, contacts: state.contactsInCreationOrder)) ?? StoreState()
        lock.withLock { saved = kept }
    }
}

/// Hands its state to the storage when closed.
struct ClosingStore: ForwardingStore {
    let inner: MemoryStore
    let storage: LosesLastWriteStorage

    func close() async throws {
        storage.keep(await inner.currentState())
    }
}
