import CRUDSpec
import Foundation

/// A store that passes every call to a correct store (a memory store, or an HTTP client)
/// unless it overrides it. Each broken backend overrides one thing and gets it wrong.
public protocol ForwardingStore: CRUDSpec {
    /// The type of the correct store.
    associatedtype Inner: CRUDSpec
    /// The correct store that every call not overridden goes to.
    var inner: Inner { get }
}

extension ForwardingStore {
    public func createTask(title: String, notes: String?) async throws -> TaskItem {
        try await inner.createTask(title: title, notes: notes)
    }
    public func task(id: UUID) async throws -> TaskItem { try await inner.task(id: id) }
    public func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await inner.tasks(query) }
    public func countTasks(_ query: TaskQuery) async throws -> Int { try await inner.countTasks(query) }
    public func renameTask(id: UUID, to title: String) async throws -> TaskItem { try await inner.renameTask(id: id, to: title) }
    public func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem { try await inner.editTaskNotes(id: id, notes: notes) }
    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
        try await inner.setTaskCompleted(id: id, isCompleted)
    }
    public func toggleTask(id: UUID) async throws -> TaskItem { try await inner.toggleTask(id: id) }
    public func deleteTask(id: UUID) async throws { try await inner.deleteTask(id: id) }
    public func importTasks(titles: [String]) async throws -> [TaskItem] { try await inner.importTasks(titles: titles) }
    public func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try await inner.createContact(name: name, email: email, phone: phone)
    }
    public func contact(id: UUID) async throws -> Contact { try await inner.contact(id: id) }
    public func contacts(_ query: ContactQuery) async throws -> [Contact] { try await inner.contacts(query) }
    public func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        try await inner.updateContact(id: id, changes)
    }
    public func deleteContact(id: UUID) async throws { try await inner.deleteContact(id: id) }
    public func close() async throws { try await inner.close() }
}
