import CRUDConformance
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
struct NotFoundIsSuccessStore: ForwardingStore {
    let inner: HTTPStore

    func deleteTask(id: UUID) async throws {
        do { try await inner.deleteTask(id: id) } catch CRUDError.notFound {}
    }

    static func start(clock: any CRUDClock) throws -> any CRUDSpec {
        let server = MockServer(store: MemoryStore(clock: clock), configuration: .init(port: 0))
        let url = try server.start()
        let client = HTTPStore(
            configuration: .init(baseURL: url, applicationID: "crudkit", restKey: "crudkit-rest-key"),
            onClose: { await server.shutdown() })
        return NotFoundIsSuccessStore(inner: client)
    }
}
