import CRUDHTTP
import CRUDMemory
import CRUDServer
import CRUDSpec
import Foundation

/// Exercise 11's store: the kit's HTTP client, reading answers with the student's
/// decoding, against a mock server on a free port over a memory store. Closing the client
/// stops the server.
actor ExerciseServer {
    static func start(parts: ExerciseParts, clock: any CRUDClock) async throws -> any CRUDSpec {
        let server = MockServer(store: MemoryStore(clock: clock), configuration: .init(port: 0))
        let url = try server.start()
        let client = HTTPStore(
            configuration: .init(baseURL: url, applicationID: "crudkit", restKey: "crudkit-rest-key", maxAttempts: 1),
            decoding: parts.replyDecoding)
        return ServerBackedStore(client: client, server: server)
    }
}

/// The client, with the server it owns.
private struct ServerBackedStore: CRUDSpec {
    let client: HTTPStore
    let server: MockServer

    func createTask(title: String, notes: String?) async throws -> TaskItem { try await client.createTask(title: title, notes: notes) }
    func task(id: UUID) async throws -> TaskItem { try await client.task(id: id) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await client.tasks(query) }
    func countTasks(_ query: TaskQuery) async throws -> Int { try await client.countTasks(query) }
    func renameTask(id: UUID, to title: String) async throws -> TaskItem { try await client.renameTask(id: id, to: title) }
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem { try await client.editTaskNotes(id: id, notes: notes) }
    func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem { try await client.setTaskCompleted(id: id, isCompleted) }
    func toggleTask(id: UUID) async throws -> TaskItem { try await client.toggleTask(id: id) }
    func deleteTask(id: UUID) async throws { try await client.deleteTask(id: id) }
    func importTasks(titles: [String]) async throws -> [TaskItem] { try await client.importTasks(titles: titles) }
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try await client.createContact(name: name, email: email, phone: phone)
    }
    func contact(id: UUID) async throws -> Contact { try await client.contact(id: id) }
    func contacts(_ query: ContactQuery) async throws -> [Contact] { try await client.contacts(query) }
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact { try await client.updateContact(id: id, changes) }
    func deleteContact(id: UUID) async throws { try await client.deleteContact(id: id) }

    func close() async throws {
        try await client.close()
        await server.shutdown()
    }
}
