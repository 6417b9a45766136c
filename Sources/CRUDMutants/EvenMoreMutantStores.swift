import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

/// What a contact create sends to the correct store, and what the broken one shows.
struct ContactDisguise: Sendable {
    var send: (name: String, email: String, phone: String?)
    var show: (name: String, email: String, phone: String?)
}

/// A store that shows contacts other than the correct store keeps (see ``TitleDisguiseStore``).
actor ContactDisguiseStore: ForwardingStore {
    let inner: MemoryStore
    private let disguise: @Sendable (String, String, String?) -> ContactDisguise?
    private var shown: [UUID: (name: String, email: String, phone: String?)] = [:]

    init(inner: MemoryStore, disguise: @escaping @Sendable (String, String, String?) -> ContactDisguise?) {
        self.inner = inner
        self.disguise = disguise
    }

    private func present(_ contact: Contact) -> Contact {
        guard let show = shown[contact.id] else { return contact }
        var contact = contact
        (contact.name, contact.email, contact.phone) = (show.name, show.email, show.phone)
        return contact
    }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        guard let disguise = disguise(name, email, phone) else {
            return try await inner.createContact(name: name, email: email, phone: phone)
        }
        let contact = try await inner.createContact(name: disguise.send.name, email: disguise.send.email, phone: disguise.send.phone)
        shown[contact.id] = disguise.show
        return present(contact)
    }

    func contact(id: UUID) async throws -> Contact { present(try await inner.contact(id: id)) }
    func contacts(_ query: ContactQuery) async throws -> [Contact] { try await inner.contacts(query).map(present) }
}

/// A store with wrong task creation: `create` gets the correct store and does the wrong thing.
struct CreateMutantStore: ForwardingStore {
    let inner: MemoryStore
    let create: @Sendable (String, String?, MemoryStore) async throws -> TaskItem

    func createTask(title: String, notes: String?) async throws -> TaskItem { try await create(title, notes, inner) }
}

/// Shows notes other than those kept (see ``TitleDisguiseStore``).
actor NotesDisguiseStore: ForwardingStore {
    let inner: MemoryStore
    private let disguise: @Sendable (String?) -> (send: String?, show: String?)?
    private var shown: [UUID: String?] = [:]

    init(inner: MemoryStore, disguise: @escaping @Sendable (String?) -> (send: String?, show: String?)?) {
        self.inner = inner
        self.disguise = disguise
    }

    private func present(_ task: TaskItem) -> TaskItem {
        guard let show = shown[task.id] else { return task }
        var task = task
        task.notes = show
        return task
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        guard let (send, show) = disguise(notes) else { return try await inner.createTask(title: title, notes: notes) }
        let task = try await inner.createTask(title: title, notes: send)
        shown[task.id] = .some(show)
        return present(task)
    }

    func task(id: UUID) async throws -> TaskItem { present(try await inner.task(id: id)) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await inner.tasks(query).map(present) }
}

/// Wrong contact operations, each built on the correct store.
struct ContactMutantStore: ForwardingStore {
    let inner: MemoryStore
    var create: (@Sendable (String, String, String?, MemoryStore) async throws -> Contact)?
    var get: (@Sendable (UUID, MemoryStore) async throws -> Contact)?
    var list: (@Sendable (ContactQuery, MemoryStore) async throws -> [Contact])?
    var update: (@Sendable (UUID, ContactChanges, MemoryStore) async throws -> Contact)?
    var delete: (@Sendable (UUID, MemoryStore) async throws -> Void)?

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        if let create { return try await create(name, email, phone, inner) }
        return try await inner.createContact(name: name, email: email, phone: phone)
    }
    func contact(id: UUID) async throws -> Contact {
        if let get { return try await get(id, inner) }
        return try await inner.contact(id: id)
    }
    func contacts(_ query: ContactQuery) async throws -> [Contact] {
        if let list { return try await list(query, inner) }
        return try await inner.contacts(query)
    }
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        if let update { return try await update(id, changes, inner) }
        return try await inner.updateContact(id: id, changes)
    }
    func deleteContact(id: UUID) async throws {
        if let delete { return try await delete(id, inner) }
        try await inner.deleteContact(id: id)
    }
}

/// A fresh store that already holds a sample task.
struct SampleTaskStore: ForwardingStore {
    let inner: MemoryStore

    static func make(clock: any CRUDClock) async -> any CRUDSpec {
        let inner = MemoryStore(clock: clock)
        _ = try? await inner.createTask(title: "Welcome to your task list", notes: nil)
        return SampleTaskStore(inner: inner)
    }
}

/// Refuses an empty import.
struct EmptyImportRefusedStore: ForwardingStore {
    let inner: MemoryStore
    func importTasks(titles: [String]) async throws -> [TaskItem] {
        guard !titles.isEmpty else { throw CRUDError.invalidQuery(reason: "nothing to import") }
        return try await inner.importTasks(titles: titles)
    }
}

/// Deletes through `delete`, a wrong way built on the correct store.
struct DeleteMutantStore: ForwardingStore {
    let inner: MemoryStore
    let delete: @Sendable (UUID, MemoryStore) async throws -> Void
    func deleteTask(id: UUID) async throws { try await delete(id, inner) }
}

/// Imports the titles back to front.
struct ImportReversedStore: ForwardingStore {
    let inner: MemoryStore
    func importTasks(titles: [String]) async throws -> [TaskItem] { try await inner.importTasks(titles: titles.reversed()) }
}

/// Remembers every email it has stored and refuses it forever.
actor EmailsNeverFreedStore: ForwardingStore {
    let inner: MemoryStore
    private var seen: Set<String> = []

    init(inner: MemoryStore) { self.inner = inner }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let normalized = Validation.trimmed(email).lowercased()
        if seen.contains(normalized) { throw CRUDError.duplicate(field: .email) }
        let contact = try await inner.createContact(name: name, email: email, phone: phone)
        seen.insert(contact.email)
        return contact
    }

    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        let contact = try await inner.updateContact(id: id, changes)
        seen.insert(contact.email)
        return contact
    }
}
