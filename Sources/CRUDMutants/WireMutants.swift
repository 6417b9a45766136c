import CRUDHTTP
import CRUDMemory
import CRUDSQLite
import CRUDServer
import CRUDSpec
import Foundation

/// Saves every new task to an SQLite table with SQL built by string interpolation: a
/// title with a quote breaks the statement (or worse).
actor InterpolatedSQLStore: ForwardingStore {
    let inner: MemoryStore
    private let db: SQLiteConnection?
    private let path: String

    init(inner: MemoryStore) {
        self.inner = inner
        path = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-mutant-\(UUID().uuidString).sqlite").path
        db = try? SQLiteConnection(path: path)
        try? db?.execute("CREATE TABLE tasks (id TEXT, title TEXT)")
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let task = try await inner.createTask(title: title, notes: notes)
        // The mistake: the title becomes part of the SQL text.
        try db?.execute("INSERT INTO tasks (id, title) VALUES ('\(task.id.uuidString)', '\(task.title)')")
        return task
    }

    func close() async throws {
        db?.close()
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// An HTTP client, against the mock server, that treats "not found" as done when deleting.
struct NotFoundIsSuccessStore: ForwardingStoreOverHTTP {
    let client: HTTPStore
    let server: MockServer

    func deleteTask(id: UUID) async throws {
        do { try await client.deleteTask(id: id) } catch CRUDError.notFound {}
    }

    static func start(clock: any CRUDClock) throws -> any CRUDSpec {
        let server = MockServer(store: MemoryStore(clock: clock), configuration: .init(port: 0))
        let url = try server.start()
        return NotFoundIsSuccessStore(
            client: HTTPStore(configuration: .init(baseURL: url, applicationID: "crudkit", restKey: "crudkit-rest-key")), server: server)
    }
}

/// Passes everything to an HTTP client and stops its server on close.
protocol ForwardingStoreOverHTTP: CRUDSpec {
    var client: HTTPStore { get }
    var server: MockServer { get }
}

extension ForwardingStoreOverHTTP {
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
