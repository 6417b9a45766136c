import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

/// Stores the title as typed: the validation ran on a trimmed copy that was then thrown away.
actor UntrimmedTitlesStore: ForwardingStore {
    let inner: MemoryStore
    private var typed: [UUID: String] = [:]

    init(inner: MemoryStore) { self.inner = inner }

    private func asTyped(_ task: TaskItem) -> TaskItem {
        var task = task
        task.title = typed[task.id] ?? task.title
        return task
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let task = try await inner.createTask(title: title, notes: notes)
        typed[task.id] = title
        return asTyped(task)
    }

    func task(id: UUID) async throws -> TaskItem { asTyped(try await inner.task(id: id)) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await inner.tasks(query).map(asTyped) }
}

/// Sorts by createdAt ascending: the default of most databases and easy to forget to flip.
struct OldestFirstStore: ForwardingStore {
    let inner: MemoryStore

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        guard query.sort == .newestFirst else { return try await inner.tasks(query) }
        try query.validate()
        var all = query
        all.limit = nil
        all.offset = 0
        let oldestFirst = Array(try await inner.tasks(all).reversed().dropFirst(query.offset))
        return Array(oldestFirst.prefix(query.limit ?? oldestFirst.count))
    }
}

/// Drops the limit on the way to the store.
struct LimitIgnoredStore: ForwardingStore {
    let inner: MemoryStore

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        var unlimited = query
        unlimited.limit = nil
        return try await inner.tasks(unlimited)
    }
}

/// Treats "nothing to delete" as success.
struct SilentDeleteStore: ForwardingStore {
    let inner: MemoryStore

    func deleteTask(id: UUID) async throws {
        do {
            try await inner.deleteTask(id: id)
        } catch CRUDError.notFound {
            return
        }
    }
}

/// Lowercases A–Z only and compares bytes, as SQLite's LIKE does.
struct ASCIISearchStore: ForwardingStore {
    let inner: MemoryStore

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        guard let term = query.effectiveSearch else { return try await inner.tasks(query) }
        try query.validate()
        var everything = query
        everything.search = nil
        everything.limit = nil
        everything.offset = 0
        let needle = Self.asciiLowercased(term)
        let found = try await inner.tasks(everything).filter { Self.asciiLowercased($0.title).contains(needle) }
        let page = found.dropFirst(query.offset)
        return Array(page.prefix(query.limit ?? page.count))
    }

    private static func asciiLowercased(_ text: String) -> [UInt8] {
        text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard count >= needle.count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

/// Creates the imported tasks one at a time; an error halfway leaves the first ones stored.
struct PartialImportStore: ForwardingStore {
    let inner: MemoryStore

    func importTasks(titles: [String]) async throws -> [TaskItem] {
        var created: [TaskItem] = []
        for title in titles { created.append(try await inner.createTask(title: title, notes: nil)) }
        return created
    }
}

/// Keeps contacts in an array of its own and checks every field except email uniqueness.
actor DuplicateEmailsStore: ForwardingStore {
    let inner: MemoryStore
    private let clock: any CRUDClock
    private var list: [Contact] = []

    init(inner: MemoryStore, clock: any CRUDClock) {
        self.inner = inner
        self.clock = clock
    }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let now = clock.timestamp()
        let contact = Contact(
            id: UUID(), name: try Validation.name(name), email: try Validation.email(email), phone: try Validation.phone(phone),
            createdAt: now, updatedAt: now)
        list.append(contact)
        return contact
    }

    func contact(id: UUID) async throws -> Contact {
        guard let contact = list.first(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        return contact
    }

    func contacts(_ query: ContactQuery) async throws -> [Contact] {
        try query.validate()
        let found = RecordOrder.contacts(list.filter { TextKey.matches($0.name, search: query.effectiveSearch) }).dropFirst(query.offset)
        return Array(found.prefix(query.limit ?? found.count))
    }

    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        guard let index = list.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        var contact = list[index]
        if let name = changes.name { contact.name = try Validation.name(name) }
        if let email = changes.email { contact.email = try Validation.email(email) }
        if let phone = changes.phone { contact.phone = try Validation.phone(phone) }
        contact.updatedAt = clock.timestamp()
        list[index] = contact
        return contact
    }

    func deleteContact(id: UUID) async throws {
        guard let index = list.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        list.remove(at: index)
    }
}
