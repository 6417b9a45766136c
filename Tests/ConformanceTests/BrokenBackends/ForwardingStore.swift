import CRUDMemory
import CRUDSpec
import Foundation

/// A store that passes every call to a correct memory store unless it overrides it.
/// Each broken backend overrides one thing and gets that one thing wrong.
protocol ForwardingStore: CRUDSpec {
    var inner: MemoryStore { get }
}

extension ForwardingStore {
    func createTask(title: String, notes: String?) async throws -> TaskItem { try await inner.createTask(title: title, notes: notes) }
    func task(id: UUID) async throws -> TaskItem { try await inner.task(id: id) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await inner.tasks(query) }
    func countTasks(_ query: TaskQuery) async throws -> Int { try await inner.countTasks(query) }
    func renameTask(id: UUID, to title: String) async throws -> TaskItem { try await inner.renameTask(id: id, to: title) }
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem { try await inner.editTaskNotes(id: id, notes: notes) }
    func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem { try await inner.setTaskCompleted(id: id, isCompleted) }
    func toggleTask(id: UUID) async throws -> TaskItem { try await inner.toggleTask(id: id) }
    func deleteTask(id: UUID) async throws { try await inner.deleteTask(id: id) }
    func importTasks(titles: [String]) async throws -> [TaskItem] { try await inner.importTasks(titles: titles) }
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try await inner.createContact(name: name, email: email, phone: phone)
    }
    func contact(id: UUID) async throws -> Contact { try await inner.contact(id: id) }
    func contacts(_ query: ContactQuery) async throws -> [Contact] { try await inner.contacts(query) }
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact { try await inner.updateContact(id: id, changes) }
    func deleteContact(id: UUID) async throws { try await inner.deleteContact(id: id) }
    func close() async throws { await inner.close() }
}
